import type { Feature } from '../server/context';
import { accountsFeature } from '../features/accounts/routes';
import { systemRouter } from '../features/system/routes';
import { paymentsFeature } from '../payments/feature';

/** Every feature router, mounted at /api in this order. */
export const features: Feature[] = [systemRouter, paymentsFeature, accountsFeature];
