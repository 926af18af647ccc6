/**
 * Payments: the router, the provider the configuration chooses (account deletion cancels a
 * subscription with it), and the plans and payment tables a user's data download reports.
 */
export { createPaymentProvider, paymentsFeature } from './feature';
export type { PaymentProvider } from './port';
export { cancelEveryOpenSubscription } from './record-change';
export { PLANS } from './plans';
export { customerIdOf, paymentDb } from './tables';
