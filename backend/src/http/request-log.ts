import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'http' {
  interface IncomingMessage {
    /** Numbers the requests of this process, so a failure's log line can be found beside its request's. */
    id: number;
    /** The process's logger; `requestLogger` gives one whose lines name this request. */
    log?: Logger;
  }
}

const isLogged = (url: string) => url.startsWith('/api/') && url !== '/api/health';
const pathOf = (url: string) => url.split('?')[0]!;

/**
 * One log line per API request (health checks aside): its id, method, path, status and time.
 * Headers are left out, as they carry the ID token (Authorization), cookies and webhook
 * signatures, and so is the query string, which carries what people search for. Nothing is
 * built for a request when the level leaves its line out.
 */
export function requestLog(logger: Logger): RequestHandler {
  let lastId = 0;
  return (req, res, next) => {
    req.id = ++lastId;
    req.log = logger;
    if (logger.isLevelEnabled('info') && isLogged(req.url)) {
      const started = performance.now();
      res.once('close', () =>
        logger.info(
          {
            req: describe(req),
            res: { statusCode: res.statusCode },
            responseTime: Math.round(performance.now() - started),
          },
          res.writableFinished ? 'request completed' : 'request aborted',
        ),
      );
    }
    next();
  };
}

/** A logger whose lines name the request (id, method and path), for what goes wrong while answering it. */
export function requestLogger(req: Request): Logger | undefined {
  return req.log?.child({ req: describe(req) });
}

/** `originalUrl`: a router mounted at a prefix (all of /api) takes the prefix off `url`. */
const describe = (req: Request) => ({ id: req.id, method: req.method, path: pathOf(req.originalUrl) });
