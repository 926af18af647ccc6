import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAlive } from '@labelwise/runtime';
import { parseEnv, startFailure } from '../config/env';
import { StateFile } from './state-file';

/**
 * `npm run reset`: deletes the local data (`DATA_DIR`, `.data` by default: the embedded database
 * and the emulator's accounts). It stops nothing: while Labelwise or anything it started still
 * runs, it refuses and says what to stop.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Why the local data may not be deleted now; null when nothing uses it. */
function stillRunning(dataDir: string): string | null {
  const state = new StateFile(path.join(dataDir, 'launcher.json'));
  const launcher = state.runningLauncher();
  if (launcher !== null) return `Labelwise is running (launcher pid ${launcher}). Stop it first.`;
  const left = state.leftovers();
  if (left.length > 0) {
    const names = left.map((child) => `${child.name} (pid ${child.pid})`).join(', ');
    return `An earlier run left ${names} running: \`npm start\` stops them, then stop Labelwise.`;
  }
  // PostgreSQL started outside the launcher (the bench, a test run) on the same folder.
  const postmaster = path.join(dataDir, 'postgres', 'postmaster.pid');
  const pid = fs.existsSync(postmaster) ? Number(fs.readFileSync(postmaster, 'utf8').split('\n')[0]) : 0;
  if (pid > 0 && isAlive(pid)) return `PostgreSQL (pid ${pid}) is running on ${postmaster}. Stop it first.`;
  return null;
}

function main(): number {
  const dataDir = path.resolve(root, parseEnv().DATA_DIR);
  if (!fs.existsSync(dataDir)) {
    console.log(`[labelwise] Nothing to reset: ${dataDir} does not exist.`);
    return 0;
  }
  const refusal = stillRunning(dataDir);
  if (refusal) {
    console.error(`[labelwise] ${refusal} ${dataDir} was left as it is.`);
    return 1;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`[labelwise] Deleted ${dataDir} (database and accounts); the next start begins empty.`);
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`[labelwise] ${startFailure(error)}`);
  process.exitCode = 1;
}
