import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support';

/** A checkout of the repository the bench can run in: its folder, and a name for the report. */
export interface Checkout {
  dir: string;
  /** Its commit, short, and "+ changes" when its tree differs from it. */
  label: string;
}

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

export function describeCheckout(dir: string): Checkout {
  const commit = git(dir, 'rev-parse', '--short', 'HEAD');
  const changed = git(dir, 'status', '--porcelain', '--untracked-files=no') !== '';
  return { dir, label: changed ? `${commit} + changes` : commit };
}

/** Where commits are checked out; beside them, `shared` is this checkout's sibling of that name (the OFF samples). */
const worktrees = path.join(os.tmpdir(), 'labelwise-bench-against');

/**
 * The checkout of `ref`: a folder holding a checkout (another worktree) as it is, else a commit,
 * branch or tag of this repository, checked out into a worktree of its own under the system's
 * temporary folder with its own `npm ci` (kept there, so the next comparison with it starts at
 * once; `git worktree remove <folder>` drops it).
 */
export function checkoutOf(ref: string, progress: (message: string) => void): Checkout {
  if (fs.existsSync(path.join(ref, 'package.json'))) {
    const dir = path.resolve(ref);
    if (!fs.existsSync(path.join(dir, 'node_modules')))
      throw new Error(`${dir} has no node_modules: run npm ci there first`);
    return describeCheckout(dir);
  }
  let commit: string;
  try {
    commit = git(repoRoot, 'rev-parse', '--verify', `${ref}^{commit}`);
  } catch {
    throw new Error(`--against ${ref}: neither a checkout's folder nor a commit of this repository`);
  }
  const dir = path.join(worktrees, commit.slice(0, 12));
  if (!fs.existsSync(path.join(dir, 'node_modules', '.package-lock.json'))) {
    if (!fs.existsSync(dir)) {
      fs.mkdirSync(worktrees, { recursive: true });
      const shared = path.resolve(repoRoot, '..', 'shared');
      const link = path.join(worktrees, 'shared');
      if (fs.existsSync(shared) && !fs.existsSync(link)) fs.symlinkSync(shared, link);
      progress(`checking out ${commit.slice(0, 7)} into ${dir}`);
      git(repoRoot, 'worktree', 'add', '--detach', dir, commit);
    }
    progress(`npm ci in ${dir} (once; the worktree is kept for later comparisons)`);
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: ['ignore', 2, 2],
    });
    if (install.status !== 0) throw new Error(`npm ci in ${dir} failed (exit ${install.status})`);
  }
  return describeCheckout(dir);
}
