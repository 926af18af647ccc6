import { Router } from 'express';
import {
  ACCOUNT_DELETION_WORD,
  DomainError,
  RECENT_SIGN_IN_SECONDS,
  accountDeletionRequest,
  adminAccountDeletionRequest,
  invalid,
  notFound,
  type AccountDeletionResponse,
} from '@labelwise/domain';
import type { AppContext, Feature } from '../../http/context';
import { parseInput } from '../../http/validate';
import { createPaymentProvider, type PaymentProvider } from '../payments';
import { stringId } from '../../http/params';
import { eraseAccount, type ErasureOutcome } from './erase-account';

export const CONFIRMATION_REQUIRED_MESSAGE = `Type ${ACCOUNT_DELETION_WORD} to confirm that your account should be deleted.`;
export const RECENT_SIGN_IN_REQUIRED_MESSAGE =
  'For your security, please sign in again, then delete your account within 5 minutes.';
export const ACCOUNT_DELETED_MESSAGE = 'This account has already been deleted.';

function requireConfirmation(confirm: string) {
  if (confirm !== ACCOUNT_DELETION_WORD)
    throw invalid('CONFIRMATION_REQUIRED', CONFIRMATION_REQUIRED_MESSAGE);
}

const answer = ({ alreadyErased: _, ...response }: ErasureOutcome): AccountDeletionResponse => response;

/**
 * Account deletion: `DELETE /api/user` (the user, signed in within the last 5 minutes, typing the
 * word) and `POST /api/admin/users/{uid}/deletion` (an administrator, for a user who asked, with
 * the reason the audit trail keeps). Both run `eraseAccount`.
 */
export const accountDeletionFeature: Feature = (ctx) =>
  createAccountDeletionRouter(ctx, createPaymentProvider(ctx));

export function createAccountDeletionRouter(ctx: AppContext, provider: PaymentProvider): Router {
  const router = Router();

  router.delete('/user', ctx.authz.requireUser(), async (req, res) => {
    const { confirm, keepReviews = false } = parseInput(accountDeletionRequest, req.body ?? {});
    requireConfirmation(confirm);
    const user = req.user!;
    if (ctx.clock().getTime() / 1000 - user.authTime > RECENT_SIGN_IN_SECONDS)
      throw new DomainError('unauthenticated', 'RECENT_SIGN_IN_REQUIRED', RECENT_SIGN_IN_REQUIRED_MESSAGE);
    const outcome = await eraseAccount(ctx, provider, {
      uid: user.uid,
      keepReviews,
      actor: user.uid,
      reason: null,
    });
    // Another process may still have trusted the session: the account was gone before this request.
    if (outcome.alreadyErased) throw notFound('ACCOUNT_DELETED', ACCOUNT_DELETED_MESSAGE);
    res.json(answer(outcome));
  });

  router.post('/admin/users/:id/deletion', ctx.authz.requireAdmin, async (req, res) => {
    const uid = stringId(req.params);
    const { confirm, reason, keepReviews = false } = parseInput(adminAccountDeletionRequest, req.body);
    requireConfirmation(confirm);
    const outcome = await eraseAccount(ctx, provider, { uid, keepReviews, actor: req.user!.uid, reason });
    if (outcome.alreadyErased) throw notFound('ACCOUNT_DELETED', ACCOUNT_DELETED_MESSAGE);
    res.json(answer(outcome));
  });

  return router;
}
