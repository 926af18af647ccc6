import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/**
 * Serves a built single-page app under `mount` with history fallback to its index.html.
 * Hashed assets are cached for a year; index.html never.
 */
export function singlePageApp(mount: string, distDir: string): Router {
  const router = express.Router();
  const index = path.join(distDir, 'index.html');
  router.use(
    mount,
    express.static(distDir, {
      index: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  router.get(`${mount === '/' ? '' : mount}/{*rest}`, (req, res, next) => {
    if (req.path.startsWith('/api/') || !req.accepts('html')) return next();
    if (!fs.existsSync(index)) {
      res.status(503).type('text').send(`The app at ${mount} is not built yet. Run npm run build.`);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
