import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, waitFor, stopGroup } from '@labelwise/runtime';

export interface AuthEmulatorHandle {
  host: string;
  pid: number;
  stop: () => Promise<void>;
}

const require = createRequire(import.meta.url);

function firebaseBin() {
  const pkg = require.resolve('firebase-tools/package.json');
  return path.join(path.dirname(pkg), 'lib', 'bin', 'firebase.js');
}

/**
 * Runs the Firebase Auth Emulator (pure Node, offline) on the given port. With a
 * `persistDir`, accounts are imported from it at start and exported to it on exit.
 */
export async function startAuthEmulator(options: {
  port: number;
  projectId: string;
  workDir: string;
  persistDir?: string;
  log?: (message: string) => void;
}): Promise<AuthEmulatorHandle> {
  fs.mkdirSync(options.workDir, { recursive: true });
  const config = path.join(options.workDir, 'firebase.json');
  // The hub (which runs the export on exit) and the logging emulator default to ports 4400 and
  // 4500, shared by every emulator on the host: ports of this instance's own keep two apart.
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  fs.writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: options.port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = [
    firebaseBin(),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    options.projectId,
    '--config',
    config,
  ];
  if (options.persistDir) {
    fs.mkdirSync(options.persistDir, { recursive: true });
    if (fs.existsSync(path.join(options.persistDir, 'firebase-export-metadata.json')))
      args.push('--import', options.persistDir);
    args.push('--export-on-exit', options.persistDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: options.workDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // firebase-tools keeps its hub locator file in the temp folder, named by project only:
    // a temp folder of its own keeps two emulators on one host (npm start, a test run)
    // from exporting each other's accounts.
    env: {
      ...process.env,
      TMPDIR: options.workDir,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_EXPERIMENTS: '',
      CI: 'true',
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const host = `127.0.0.1:${options.port}`;
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    await waitFor(
      async () => {
        if (exited) throw new Error(`Auth emulator exited during start-up:\n${output}`);
        const res = await fetch(`http://${host}/emulator/v1/projects/${options.projectId}/config`);
        return res.ok;
      },
      'the Firebase Auth Emulator',
      // About 8 s on an idle machine; over a minute when two cores are busy with other work.
      180_000,
      250,
    );
  } catch (error) {
    await stopGroup(child.pid!, 'SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  options.log?.(`Auth emulator ready on ${host}`);
  // SIGINT makes firebase-tools export accounts before it exits.
  return { host, pid: child.pid!, stop: () => stopGroup(child.pid!, 'SIGINT', 20_000) };
}
