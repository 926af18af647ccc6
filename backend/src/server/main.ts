import { createServer } from 'node:http';
import { pino } from 'pino';
import { parseEnv, startFailure } from '../config/env';
import { buildServer } from './build';

/** Exit code for "cannot listen": the launcher's supervisor does not restart it (`FATAL_EXIT_CODE`). */
const CANNOT_LISTEN_EXIT_CODE = 78;

async function main() {
  const env = parseEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  const server = await buildServer({ env, logger });
  const http = createServer(server.app);
  http.keepAliveTimeout = 65_000;
  // A port taken by another process (an orphaned API, anything else) is fatal: said as such,
  // never "listening", and a non-zero exit that a supervisor does not answer with restarts.
  http.once('error', (error: NodeJS.ErrnoException) => {
    logger.fatal(
      { err: error, port: env.PORT, host: env.HOST },
      `API cannot listen on port ${env.PORT}: ${error.code === 'EADDRINUSE' ? 'the port is in use by another process' : error.message}`,
    );
    logger.flush?.();
    void server.close().finally(() => process.exit(CANNOT_LISTEN_EXIT_CODE));
    setTimeout(() => process.exit(CANNOT_LISTEN_EXIT_CODE), 2000).unref();
  });
  http.once('listening', () => {
    logger.info({ host: env.HOST, port: env.PORT, pid: process.pid }, 'API listening');
    // Started by the launcher: tell it that this process, not some other one on the port, serves.
    process.send?.({ type: 'ready', pid: process.pid, port: env.PORT });
  });
  http.listen(env.PORT, env.HOST);
  const stop = () => {
    logger.info('API stopping');
    http.close(() => void server.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(startFailure(error));
  process.exit(1);
});
