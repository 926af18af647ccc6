import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { authInstanceOf } from '../config/auth-instance';
import { parseEnv, startFailure } from '../config/env';
import { startAuthEmulator, type AuthEmulatorHandle } from '../infra/auth-emulator';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@labelwise/runtime/embedded-postgres';
import { migrateDatabase } from '../db/migrate';
import { ensureAppsBuilt } from './build-apps';
import { keepPostgresUp, type PostgresKeeper } from './keep-postgres-up';
import { StateFile } from './state-file';
import { supervise, type SupervisedProcess } from './supervisor';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dev = process.argv.includes('--dev');
const log = (message: string) => console.log(`[labelwise] ${message}`);
/** How long the API or the worker may take to start (loading modules, connecting) before the launcher gives up. */
const API_READY_TIMEOUT_MS = 90_000;

async function main() {
  const env = parseEnv();
  const dataDir = path.resolve(root, env.DATA_DIR);
  const state = new StateFile(path.join(dataDir, 'launcher.json'));
  await state.recover(log);

  let postgres: EmbeddedPostgresHandle | undefined;
  let postgresKeeper: PostgresKeeper | undefined;
  let emulator: AuthEmulatorHandle | undefined;
  const children: SupervisedProcess[] = [];
  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    postgresKeeper?.standDown();
    log('Stopping...');
    await Promise.allSettled(children.map((child) => child.stop()));
    await Promise.allSettled([emulator?.stop(), (postgresKeeper ?? postgres)?.stop()]);
    state.clear();
    log('Stopped.');
    process.exit(code);
  };
  // embedded-postgres installs async-exit-hook, which on a signal stops PostgreSQL and exits at
  // once, cutting our ordered shutdown short (API and worker first, then the emulator's export).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(0));
  }

  try {
    let databaseUrl = env.DATABASE_URL;
    const auth = authInstanceOf(env);
    const startPostgres = () =>
      startEmbeddedPostgres({
        dataDir: path.join(dataDir, 'postgres'),
        port: env.EMBEDDED_PG_PORT,
        database: 'labelwise',
        log,
      });
    [postgres, emulator] = await Promise.all([
      databaseUrl ? undefined : startPostgres(),
      auth.startedByLauncher
        ? startAuthEmulator({
            port: env.AUTH_EMULATOR_PORT,
            projectId: env.FIREBASE_PROJECT_ID,
            // Not a name that starts with 'auth': firebase-tools refuses an export directory whose path prefixes its cwd.
            workDir: path.join(dataDir, 'firebase'),
            persistDir: path.join(dataDir, 'auth'),
            log,
          })
        : undefined,
    ]);
    if (emulator) state.add('auth emulator', emulator.pid, 'firebase');
    if (postgres)
      postgresKeeper = keepPostgresUp(postgres, startPostgres, {
        log,
        onFatal: (message) => {
          console.error(`[labelwise] ${message}`);
          void shutdown(1);
        },
      });
    databaseUrl ??= postgres!.url();
    const emulatorHost = auth.emulatorHost;
    log(
      postgres
        ? `PostgreSQL (embedded) on port ${postgres.port}, data in ${path.join(dataDir, 'postgres')}`
        : 'PostgreSQL from DATABASE_URL',
    );
    const applied = await migrateDatabase(databaseUrl);
    if (applied.length > 0) log(`Database migrated: ${applied.join(', ')}`);

    if (!dev) ensureAppsBuilt(root, log);
    const childEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      ...(emulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } : {}),
    };
    // `node --import tsx`, not the tsx command: the child is the server itself, with no wrapper
    // process whose death would leave the real server behind (each child also leads its own
    // process group, stopped as a whole).
    const run = (name: string, script: string, marker: string, ready = false) => {
      const child = supervise({
        name,
        command: process.execPath,
        args: ['--import', 'tsx', script],
        env: childEnv,
        cwd: root,
        log,
        ready,
        onStart: (pid) => state.add(name, pid, marker),
        onFatal: (message) => {
          console.error(`[labelwise] ${message}`);
          void shutdown(1);
        },
      });
      children.push(child);
      return child;
    };
    const api =
      env.API_PROCESSES > 1
        ? run('api', 'backend/src/server/cluster.ts', 'server/cluster.ts', true)
        : run('api', 'backend/src/server/main.ts', 'server/main.ts', true);
    // Up means this launcher's own API listens on the port: another server answering there
    // (an orphan of an earlier run, anything else) does not count.
    const ready = await api.whenReady(API_READY_TIMEOUT_MS);
    log(
      `API (pid ${ready.pid}${env.API_PROCESSES > 1 ? `, ${env.API_PROCESSES} processes` : ''}) listening on ${env.HOST} port ${env.PORT}`,
    );
    const worker = run('projection worker', 'projections/src/worker/main.ts', 'worker/main.ts', true);
    await worker.whenReady(API_READY_TIMEOUT_MS);
    if (dev) {
      const vite = path.join(root, 'node_modules', '.bin', 'vite');
      children.push(
        supervise({
          name: 'frontend dev server',
          command: vite,
          args: ['--port', '5173'],
          env: childEnv,
          cwd: path.join(root, 'frontend'),
          log,
          onStart: (pid) => state.add('frontend dev server', pid, 'vite'),
        }),
        supervise({
          name: 'admin dev server',
          command: vite,
          args: ['--port', '5174'],
          env: childEnv,
          cwd: path.join(root, 'admin'),
          log,
          onStart: (pid) => state.add('admin dev server', pid, 'vite'),
        }),
      );
    }

    const base = `http://localhost:${env.PORT}`;
    log('Labelwise is up:');
    log(`  consumer app   ${dev ? 'http://localhost:5173 (hot reload)' : `${base}/`}`);
    log(`  admin console  ${dev ? 'http://localhost:5174/admin/ (hot reload)' : `${base}/admin`}`);
    log(`  API health     ${base}/api/health`);
    if (emulatorHost) log(`  auth emulator  http://${emulatorHost}`);
    log('Press Ctrl-C to stop.');
  } catch (error) {
    console.error(`[labelwise] ${startFailure(error)}`);
    await shutdown(1);
  }
}

main().catch((error: unknown) => {
  console.error(`[labelwise] ${startFailure(error)}`);
  process.exit(1);
});
