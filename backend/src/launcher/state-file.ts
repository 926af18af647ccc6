import fs from 'node:fs';
import path from 'node:path';
import { commandLine, groupMembers, isAlive, stopGroup } from '@labelwise/runtime';

/** What a running launcher started, so the next one can clean up after a hard kill. */
interface LauncherState {
  launcher: number;
  children: Array<{ name: string; pid: number; marker: string }>;
}

export class StateFile {
  private state: LauncherState = { launcher: process.pid, children: [] };
  constructor(private readonly file: string) {}

  /** Refuses to start twice; stops whatever a dead launcher left behind. */
  async recover(log: (message: string) => void) {
    const launcher = this.runningLauncher();
    if (launcher !== null) {
      throw new Error(`Labelwise is already running (launcher pid ${launcher}). Stop it first.`);
    }
    for (const child of this.leftovers()) {
      log(`Stopping ${child.name} left behind by an earlier run (pid ${child.pid})`);
      await stopGroup(child.pid, 'SIGTERM', 5000);
    }
    fs.rmSync(this.file, { force: true });
  }

  /** The pid of another launcher that recorded this file and still runs; null if none. */
  runningLauncher(): number | null {
    const previous = this.read();
    return previous &&
      previous.launcher !== process.pid &&
      isAlive(previous.launcher) &&
      commandLine(previous.launcher).includes('launcher')
      ? previous.launcher
      : null;
  }

  /** What the launcher that recorded this file started and still runs. */
  leftovers(): LauncherState['children'] {
    // Each child led its own process group: what is left of it may be a grandchild whose
    // leader died (an API under an older launcher's tsx wrapper), so the group is what counts.
    return (this.read()?.children ?? []).filter((child) =>
      groupMembers(child.pid).some((pid) => commandLine(pid).includes(child.marker)),
    );
  }

  add(name: string, pid: number, marker: string) {
    this.state.children = [...this.state.children.filter((c) => c.name !== name), { name, pid, marker }];
    this.write();
  }

  clear() {
    fs.rmSync(this.file, { force: true });
  }

  private read(): LauncherState | null {
    return fs.existsSync(this.file)
      ? (JSON.parse(fs.readFileSync(this.file, 'utf8')) as LauncherState)
      : null;
  }

  private write() {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, JSON.stringify(this.state, null, 2));
  }
}
