import { pino } from 'pino';
import { EnvError, parseEnv } from '../config/env';
import { buildServer } from './build';

async function main() {
  const env = parseEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  const server = await buildServer({ env, logger });
  const http = server.app.listen(env.PORT, env.HOST, () => logger.info({ port: env.PORT }, 'API listening'));
  http.keepAliveTimeout = 65_000;
  const stop = () => {
    logger.info('API stopping');
    http.close(() => void server.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
