import type { EmbeddedPostgresHandle } from '@labelwise/runtime/embedded-postgres';

const START_ATTEMPTS = 3;

export interface PostgresKeeper {
  /**
   * Watches no more: everything is stopping, and a PostgreSQL that exits from now on (a Ctrl-C
   * reaches the whole process group at once) is not started again.
   */
  standDown(): void;
  /** Stops PostgreSQL (the one running now) and watches no more. */
  stop(): Promise<void>;
}

/**
 * Keeps `npm start`'s embedded PostgreSQL up: when it exits without being asked (killed, crashed,
 * out of memory) it is started again on the same data and port, up to three times, 1 s, 2 s and
 * 4 s apart; the API and the worker answer 503 and retry meanwhile, then go on. If it cannot be
 * started, `onFatal` says why (the launcher then stops everything).
 */
export function keepPostgresUp(
  first: EmbeddedPostgresHandle,
  start: () => Promise<EmbeddedPostgresHandle>,
  { log, onFatal }: { log: (message: string) => void; onFatal: (message: string) => void },
): PostgresKeeper {
  let current = first;
  let stopped = false;

  const startAgain = async (how: string): Promise<EmbeddedPostgresHandle | null> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await start();
      } catch (error) {
        if (stopped) return null;
        if (attempt === START_ATTEMPTS) {
          const why = error instanceof Error ? error.message : String(error);
          onFatal(
            `PostgreSQL stopped (${how}) and could not be started again (${START_ATTEMPTS} tries): ${why || 'no reason given'}. Stopping Labelwise.`,
          );
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (attempt - 1)));
      }
    }
  };

  const watch = (handle: EmbeddedPostgresHandle) =>
    void handle.exited.then(async (how) => {
      if (stopped) return;
      log(`PostgreSQL stopped unexpectedly (${how}); starting it again`);
      const restarted = await startAgain(how);
      if (!restarted) return;
      current = restarted;
      if (stopped) return void (await restarted.stop());
      log(`PostgreSQL is running again on port ${restarted.port}`);
      watch(restarted);
    });

  watch(first);
  return {
    standDown() {
      stopped = true;
    },
    async stop() {
      stopped = true;
      await current.stop();
    },
  };
}
