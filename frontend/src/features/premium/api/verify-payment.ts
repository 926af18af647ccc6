import { parsed } from '../../../shared/api/contracts';
import { sendJson } from '../../../shared/api/http-client';
import type { UserAction } from '../../../shared/api/user-action';

/** Asks the server to check a payment with the provider (activating Premium if the webhook has not yet). */
export const verifyPayment = async (paymentIntentId: string, action?: UserAction) =>
  parsed(
    (c) => c.paymentVerificationResponse,
    sendJson('POST', '/api/verify-payment', { paymentIntentId }, action),
  );
