import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Builds the consumer app and the console when their build output is missing. */
export function ensureAppsBuilt(root: string, log: (message: string) => void) {
  for (const workspace of ['frontend', 'admin']) {
    if (fs.existsSync(path.join(root, workspace, 'dist', 'index.html'))) continue;
    log(`Building ${workspace} (first start; takes a minute)...`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`Building ${workspace} failed (exit ${result.status}).`);
  }
}
