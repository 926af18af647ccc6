import { Router } from 'express';
import type { AppContext } from '../../http/context';
import { healthReport, runtimeConfig, withoutInternalDetails } from './system-queries';

/** Public runtime configuration for the browser apps, and the health report. */
export function systemRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/config', (_req, res) => {
    res.json(runtimeConfig(ctx.env));
  });

  router.get('/health', ctx.authz.optionalUser, async (req, res) => {
    const { serving, report } = await healthReport(ctx);
    res.status(serving ? 200 : 503).json(req.user?.admin ? report : withoutInternalDetails(report));
  });

  return router;
}
