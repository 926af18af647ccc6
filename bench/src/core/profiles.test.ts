import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support';
import { cpuProfileArgs, topFunctions } from './profiles';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profiles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('CPU by function', () => {
  it('counts the main thread only, not the idle threads of the same process (tsx loader)', () => {
    const busy = path.join(dir, 'busy.ts');
    fs.writeFileSync(
      busy,
      'const end = Date.now() + 400; let x = 0; while (Date.now() < end) x += Math.sqrt(x + 1); console.log(x > 0);\n',
    );
    const profiles = path.join(dir, 'profiles');
    execFileSync(process.execPath, [...cpuProfileArgs(profiles), '--import', 'tsx', busy], { cwd: repoRoot });
    const files = fs.readdirSync(profiles);
    // The loader thread writes a profile of its own beside the main thread's.
    expect(files.filter((f) => f.includes('.0.0'))).toHaveLength(1);
    expect(files.length).toBeGreaterThan(1);
    const idle = topFunctions(profiles, 50).find((entry) => entry.includes('(idle)'));
    const idleShare = idle ? Number.parseFloat(idle) : 0;
    expect(idleShare, idle).toBeLessThan(10);
  });
});
