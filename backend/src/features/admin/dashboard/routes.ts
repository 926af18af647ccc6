import { Router } from 'express';
import type { AppContext } from '../../../http/context';
import { dashboardNumbers } from './dashboard-queries';

/** `GET /admin/dashboard`: the numbers a moderator starts the day with. */
export function adminDashboardRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/dashboard', async (_req, res) => {
    res.json(await dashboardNumbers(ctx, ctx.clock()));
  });

  return router;
}
