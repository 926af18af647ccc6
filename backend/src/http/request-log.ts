import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/**
 * One log line per API request (health checks aside): its id, method, path, status and time.
 * Headers are left out, as they carry the ID token (Authorization), cookies and webhook
 * signatures, and so is the query string, which carries what people search for.
 */
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    autoLogging: { ignore: (req) => !req.url?.startsWith('/api/') || req.url === '/api/health' },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
