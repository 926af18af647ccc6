import { useMutation } from '@tanstack/react-query';
import type { AccountDeletionRequest, AccountDeletionResponse } from '@labelwise/domain/contracts';
import { parsed } from '../../../shared/api/contracts';
import { sendJson } from '../../../shared/api/http-client';
import type { UserAction } from '../../../shared/api/user-action';

/** `DELETE /api/user`: the account and its personal data, for good. */
export const deleteAccount = (request: AccountDeletionRequest, action?: UserAction) =>
  parsed((c) => c.accountDeletionResponse, sendJson('DELETE', '/api/user', request, action));

export type DeleteAccount = (request: AccountDeletionRequest) => Promise<AccountDeletionResponse>;

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
