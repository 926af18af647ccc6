import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestSigningKey, startAuthEmulator, type AuthEmulatorHandle } from '@labelwise/backend/testing';
import { freePort, waitFor } from '@labelwise/runtime';
import { projections } from '@labelwise/projections';
import { runTsProcess, startWorkerProcess, type Child } from '../core/child-process';
import { cpuProfileArgs } from '../core/profiles';
import type { BenchUser } from './journey-types';

export const BENCH_PROJECT_ID = 'demo-labelwise-bench';

/**
 * How the API and the projections run: one process each, or two of each on one machine; with
 * `replica`, the API reads the read tables from a streaming replica of the server.
 */
export interface Topology {
  apiProcesses: number;
  workers: number;
  replica?: boolean;
}

/** The projections of worker `index` of `count`: every count-th one, so each holds some of a scan's read models. */
export function projectionShare(index: number, count: number): string[] {
  return projections.filter((_, i) => i % count === index).map((p) => p.name);
}

/**
 * The identity side of the scan bench: the Auth Emulator as the provider the API asks about
 * sessions, and a local signing key the API trusts (AUTH_TRUSTED_TEST_KEYS) as it trusts
 * Google's, so each of thousands of users gets a real RS256 ID token without a sign-in round trip.
 */
export async function startBenchIdentity() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-bench-auth-'));
  const emulator: AuthEmulatorHandle = await startAuthEmulator({
    port: await freePort(),
    projectId: BENCH_PROJECT_ID,
    workDir: path.join(dir, 'emulator'),
  });
  const key = createTestSigningKey(BENCH_PROJECT_ID);
  const keysFile = path.join(dir, 'trusted-keys.json');
  fs.writeFileSync(keysFile, JSON.stringify(key.jwks));
  const accounts = `http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/${BENCH_PROJECT_ID}/accounts:batchCreate`;
  return {
    emulatorHost: emulator.host,
    keysFile,
    /** Accounts in the provider, each with a signed ID token; `admin` gets the admin claim. */
    async users(prefix: string, count: number, options: { admin?: boolean } = {}): Promise<BenchUser[]> {
      const uids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(5, '0')}`);
      for (let start = 0; start < uids.length; start += 500) {
        const res = await fetch(accounts, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
          body: JSON.stringify({
            users: uids
              .slice(start, start + 500)
              .map((uid) => ({ localId: uid, email: `${uid}@bench.test`, emailVerified: true })),
          }),
        });
        if (!res.ok) throw new Error(`creating bench accounts: ${res.status} ${await res.text()}`);
      }
      return uids.map((uid) => ({
        uid,
        token: key.sign({ uid, email: `${uid}@bench.test`, ...(options.admin ? { admin: true } : {}) }),
      }));
    },
    async stop() {
      await emulator.stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type BenchIdentity = Awaited<ReturnType<typeof startBenchIdentity>>;

/**
 * The API (`apiProcesses` > 1: backend/src/server/cluster.ts, Node's cluster module sharing one
 * port round-robin) and `workers` projection workers splitting the projections between them.
 */
export async function startScanStack(options: {
  databaseUrl: string;
  identity: BenchIdentity;
  topology: Topology;
  /**
   * Waits for the workers to catch up before the API starts: an API booting (its idempotent
   * CREATE INDEX IF NOT EXISTS) while a worker writes the same read tables can deadlock.
   */
  caughtUp: (worker: Child) => Promise<void>;
  /** Where the API processes write their CPU profiles (node --cpu-prof), if they should. */
  cpuProfileDir?: string;
  /** DATABASE_READ_URLS of the API: the replicas it reads the read tables from. */
  readUrls?: string;
  /** Where the workers write theirs, from when they have caught up on the history. */
  workerCpuProfileDir?: string;
}): Promise<{ url: string; children: Child[] }> {
  const { databaseUrl, identity, topology } = options;
  const children: Child[] = [];
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const startWorkers = (cpuProfileDir?: string) => {
    for (let i = 0; i < topology.workers; i++)
      children.push(
        startWorkerProcess(
          databaseUrl,
          topology.workers > 1 ? projectionShare(i, topology.workers) : [],
          cpuProfileDir,
        ),
      );
  };
  startWorkers();
  try {
    await options.caughtUp(children[0]!);
    if (options.workerCpuProfileDir) {
      // Profiled from here on (they resume from their checkpoints): the catch-up over the
      // history would otherwise fill the profile.
      for (const worker of children.splice(0)) await worker.stop();
      startWorkers(options.workerCpuProfileDir);
    }
    children.push(
      runTsProcess(
        topology.apiProcesses > 1 ? 'backend/src/server/cluster.ts' : 'backend/src/server/main.ts',
        {
          DATABASE_URL: databaseUrl,
          DATABASE_READ_URLS: options.readUrls ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          NODE_ENV: 'test',
          LOG_LEVEL: 'fatal',
          API_PROCESSES: String(topology.apiProcesses),
          FIREBASE_PROJECT_ID: BENCH_PROJECT_ID,
          FIREBASE_AUTH_EMULATOR_HOST: identity.emulatorHost,
          AUTH_TRUSTED_TEST_KEYS: identity.keysFile,
          // The single-user path of today, measured beside the journey.
          ALLOW_MOCK_AUTH: 'true',
          // Every bench user shares one client address: the limit per address would answer 429.
          RATE_LIMIT_WRITES_PER_IP: '0',
          // A limit per user that nobody reaches (the single mock user writes thousands a minute):
          // every write still pays its counter's upsert, as in production.
          RATE_LIMIT_WRITES_PER_USER: String(1_000_000_000),
        },
        cpuProfileArgs(options.cpuProfileDir),
      ),
    );
    await waitFor(async () => (await fetch(`${url}/api/config`)).ok, 'the API', 180_000);
  } catch (error) {
    for (const child of children.reverse()) await child.stop();
    throw error;
  }
  return { url, children };
}
