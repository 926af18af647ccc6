import { Router } from 'express';
import { z } from 'zod';
import { dataDownloadFileName } from '@labelwise/domain';
import { parseInput } from '../../http/validate';
import type { Feature } from '../../http/context';
import { collectUserData } from './collect-user-data';
import { dataSummary } from './data-summary';

const downloadQuery = z.strictObject({ format: z.enum(['json', 'summary']).default('json') });

/** Your data: everything held about the signed-in user, as one JSON file or a readable summary. */
export const dataDownloadFeature: Feature = (ctx) => {
  const router = Router();

  router.get('/user/data', ctx.authz.requireUser(), async (req, res) => {
    const { format } = parseInput(downloadQuery, req.query);
    const data = await collectUserData(ctx, req.user!);
    const now = ctx.clock();
    res.set('Cache-Control', 'no-store');
    if (format === 'summary') {
      res.type('text/plain').send(dataSummary(data));
      return;
    }
    res.attachment(dataDownloadFileName(now)).json(data);
  });

  return router;
};
