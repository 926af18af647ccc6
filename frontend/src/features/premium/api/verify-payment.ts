import { paymentVerificationResponse } from '@labelwise/domain/contracts/subscription';
import { sendJson } from '../../../shared/api/http-client';

/** Asks the server to check a payment with the provider (activating Premium if the webhook has not yet). */
export const verifyPayment = async (paymentIntentId: string) =>
  paymentVerificationResponse.parse(await sendJson('POST', '/api/verify-payment', { paymentIntentId }));
