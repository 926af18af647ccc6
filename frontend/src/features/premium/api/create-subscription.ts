import { useMutation } from '@tanstack/react-query';
import { pendingPaymentResponse, type PendingPaymentResponse } from '@labelwise/domain/contracts';
import { sendJson } from '../../../shared/api/http-client';
import type { UserAction } from '../../../shared/api/user-action';
import type { Plan } from '../plans';

export type PendingPayment = PendingPaymentResponse;

export const createSubscription = async (plan: Plan, action?: UserAction) =>
  pendingPaymentResponse.parse(await sendJson('POST', '/api/create-subscription', { plan }, action));

/** Starts a subscription; its first payment's client secret goes to the payment form. */
export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
