import { useMutation } from '@tanstack/react-query';
import {
  accountDeletionResponse,
  type AccountDeletionRequest,
  type AccountDeletionResponse,
} from '@labelwise/domain/contracts';
import { sendJson } from '../../../shared/api/http-client';
import type { UserAction } from '../../../shared/api/user-action';

/**
 * `DELETE /api/user`: the account and its personal data, for good. Its contract is the delete
 * page's own (the page imports the module for the confirmation word): out of the shared contract
 * set, no other page loads it.
 */
export const deleteAccount = async (request: AccountDeletionRequest, action?: UserAction) =>
  accountDeletionResponse.parse(await sendJson('DELETE', '/api/user', request, action));

export type DeleteAccount = (request: AccountDeletionRequest) => Promise<AccountDeletionResponse>;

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
