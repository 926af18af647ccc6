import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import {
  notFound,
  planSchema,
  streams,
  type AdminUserDetailResponse,
  isPremiumUntil,
  USER_NOT_FOUND_MESSAGE,
  userPremiumUntil,
  userDecider,
  type AdministrationCommand,
  type UserState,
} from '@labelwise/domain';
import type { ProjectionName } from '@labelwise/projections';
import { runCommand } from '../../../commands/run-command';
import { loadState } from '@labelwise/event-store';
import { parseInput } from '../../../http/validate';
import type { AppContext } from '../../../http/context';
import { dateFilter, listRoute } from '../http/list-query';
import { reasonSchema, stringId } from '../../../http/params';
import { findAdminUser, listAdminUsers } from '@labelwise/projections/queries';
import { userList } from './user-queries';

/** Read models that show a user's premium window and standing. */
const USER_READ_MODELS: readonly ProjectionName[] = ['user_profiles'];
/** A suspension also decides whose reviews count towards ratings and community favourites. */
const STANDING_READ_MODELS: readonly ProjectionName[] = [...USER_READ_MODELS, 'product_ratings'];

const suspendSchema = z.strictObject({ reason: reasonSchema });
const grantSchema = z.strictObject({ plan: planSchema, periodEnd: dateFilter });

/**
 * The user's record: scans, reviews and registration from the read models, standing and
 * membership from the user stream (`known`: its state right after a change), which the read
 * models may still lag behind.
 */
async function userRecord(ctx: AppContext, uid: string, known?: UserState): Promise<AdminUserDetailResponse> {
  const now = ctx.clock();
  const [user, stream] = await Promise.all([
    findAdminUser(ctx.reads, uid, now),
    known ?? loadState(ctx.store, userDecider, streams.user(uid), ctx.streamStates),
  ]);
  if (!user) throw notFound('USER_NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  const until = userPremiumUntil(stream);
  const premium = isPremiumUntil(until, now);
  const current = premium ? stream.subscription.current : null;
  return {
    ...user,
    username: stream.username,
    plan: stream.subscription.current?.plan ?? null,
    premiumUntil: until,
    isPremium: premium,
    deleted: stream.erased,
    suspended: stream.suspended,
    suspensionReason: stream.suspensionReason,
    subscription: current && {
      provider: current.provider,
      plan: current.plan,
      subscriptionId: current.subscriptionId,
      periodEnd: current.periodEnd,
      cancelsAt: current.cancelsAt,
    },
  };
}

/**
 * `GET /admin/users[/:id]` (search by email or username), `POST /admin/users/:id/suspend` ({reason}),
 * `POST /admin/users/:id/reinstate`, `POST /admin/users/:id/premium` ({plan, periodEnd}), `DELETE /admin/users/:id/premium`.
 */
export function adminUsersRouter(ctx: AppContext): Router {
  const router = Router();

  const administer = (adminUid: string, command: AdministrationCommand) =>
    runCommand(ctx, {
      decider: userDecider,
      stream: streams.user(command.uid),
      command,
      actor: adminUid,
      readModels:
        command.type === 'SuspendUser' || command.type === 'ReinstateUser'
          ? STANDING_READ_MODELS
          : USER_READ_MODELS,
      now: 'now' in command ? command.now : undefined,
    });

  listRoute(router, 'users', userList, (query) => listAdminUsers(ctx.reads, query, ctx.clock()));

  router.get('/users/:id', async (req, res) => {
    res.json(await userRecord(ctx, stringId(req.params)));
  });

  router.post('/users/:id/suspend', async (req, res) => {
    const uid = stringId(req.params);
    const { reason } = parseInput(suspendSchema, req.body);
    const { state } = await administer(req.user!.uid, { type: 'SuspendUser', uid, reason });
    res.json(await userRecord(ctx, uid, state));
  });

  router.post('/users/:id/reinstate', async (req, res) => {
    const uid = stringId(req.params);
    parseInput(z.strictObject({}), req.body ?? {});
    const { state } = await administer(req.user!.uid, { type: 'ReinstateUser', uid });
    res.json(await userRecord(ctx, uid, state));
  });

  router.post('/users/:id/premium', async (req, res) => {
    const uid = stringId(req.params);
    const { plan, periodEnd } = parseInput(grantSchema, req.body);
    const now = ctx.clock();
    const newSubscriptionId = `admin-${randomUUID()}`;
    const { state } = await administer(req.user!.uid, {
      type: 'GrantPremium',
      uid,
      plan,
      periodEnd,
      now,
      newSubscriptionId,
    });
    res.json(await userRecord(ctx, uid, state));
  });

  router.delete('/users/:id/premium', async (req, res) => {
    const uid = stringId(req.params);
    const now = ctx.clock();
    const { state } = await administer(req.user!.uid, { type: 'RevokePremium', uid, now });
    res.json(await userRecord(ctx, uid, state));
  });

  return router;
}
