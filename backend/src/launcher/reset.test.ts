import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** `npm run reset` as a user runs it, against a data folder of its own. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TIMEOUT_MS = 60_000;

let dataDir: string;
const sleepers: ChildProcess[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labelwise-reset-'));
  fs.mkdirSync(path.join(dataDir, 'postgres'));
  fs.writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '16\n');
});
afterEach(() => {
  for (const sleeper of sleepers.splice(0)) sleeper.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function reset() {
  return spawnSync(process.execPath, ['--import', 'tsx', 'backend/src/launcher/reset.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
}

/** A live process whose command line reads `words` (as a launcher's names its script). */
function sleeper(...words: string[]): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)', ...words], {
    stdio: 'ignore',
  });
  sleepers.push(child);
  return child.pid!;
}

describe('npm run reset', () => {
  it(
    'deletes the data folder when nothing runs on it, a dead launcher’s record included',
    () => {
      fs.writeFileSync(
        path.join(dataDir, 'launcher.json'),
        JSON.stringify({ launcher: spawnSync('true').pid, children: [] }),
      );
      const result = reset();
      expect(result.stdout).toContain(`Deleted ${dataDir}`);
      expect(result.status).toBe(0);
      expect(fs.existsSync(dataDir)).toBe(false);
    },
    TIMEOUT_MS,
  );

  it(
    'refuses while Labelwise runs, and stops nothing',
    () => {
      const launcher = sleeper('backend/src/launcher/main.ts');
      fs.writeFileSync(path.join(dataDir, 'launcher.json'), JSON.stringify({ launcher, children: [] }));
      const result = reset();
      expect(result.stderr).toContain(`Labelwise is running (launcher pid ${launcher}). Stop it first.`);
      expect(result.status).toBe(1);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      expect(() => process.kill(launcher, 0)).not.toThrow();
    },
    TIMEOUT_MS,
  );

  it(
    'refuses while a PostgreSQL started outside the launcher runs on the folder',
    () => {
      const postgres = sleeper();
      fs.writeFileSync(
        path.join(dataDir, 'postgres', 'postmaster.pid'),
        `${postgres}\n${dataDir}/postgres\n`,
      );
      const result = reset();
      expect(result.stderr).toContain(`PostgreSQL (pid ${postgres}) is running`);
      expect(result.status).toBe(1);
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    },
    TIMEOUT_MS,
  );
});
