import { useMutation } from '@tanstack/react-query';
import {
  pendingPaymentResponse,
  type PendingPaymentResponse,
} from '@labelwise/domain/contracts/subscription';
import { sendJson } from '../../../shared/api/http-client';
import type { Plan } from '../plans';

export type PendingPayment = PendingPaymentResponse;

export const createSubscription = async (plan: Plan) =>
  pendingPaymentResponse.parse(await sendJson('POST', '/api/create-subscription', { plan }));

/** Starts a subscription; its first payment's client secret goes to the payment form. */
export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
