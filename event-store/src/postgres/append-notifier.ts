import pg from 'pg';

export interface Wake {
  /** Resolves on the next notification, after `timeoutMs`, or when `signal` aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<void>;
  cancel(): void;
}

/** What a listener learns besides the wake-up itself. */
export interface NotifierHooks {
  /** Each notification's payload, before the waiters wake. */
  payload?: (payload: string) => void;
  /** The connection listens again, after a start or a loss: notifications may have been missed. */
  listening?: () => void;
}

/**
 * One LISTEN connection per store, shared by every waiter in the process. When it is down,
 * `listening` is false and waiters fall back to polling; it reconnects on the next `listen()`.
 */
export class AppendNotifier {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private readonly wakers = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly hooks: NotifierHooks = {},
  ) {}

  get listening(): boolean {
    return this.client !== undefined;
  }

  async listen(): Promise<void> {
    if (this.client || this.closed) return;
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** Registers interest now, so a notification that arrives before `wait()` is not lost. */
  next(): Wake {
    let notified = false;
    let resolveWait: (() => void) | undefined;
    const waker = () => {
      notified = true;
      resolveWait?.();
    };
    this.wakers.add(waker);
    return {
      wait: (timeoutMs, signal) =>
        new Promise<void>((resolve) => {
          if (notified || signal?.aborted) return resolve();
          const timer = setTimeout(done, timeoutMs);
          const onAbort = () => done();
          signal?.addEventListener('abort', onAbort, { once: true });
          resolveWait = done;
          function done() {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            resolve();
          }
        }).finally(() => this.wakers.delete(waker)),
      cancel: () => this.wakers.delete(waker),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect() {
    const client = new pg.Client(this.config);
    const lost = () => {
      if (this.client === client) this.client = undefined;
      client.end().catch(() => {});
      this.wakeAll();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ payload }) => {
      this.hooks.payload?.(payload ?? '');
      this.wakeAll();
    });
    await client.connect();
    await client.query(`listen ${this.channel}`);
    if (this.closed) return void (await client.end());
    this.client = client;
    this.hooks.listening?.();
    // Anything appended while we were not listening must be looked at.
    this.wakeAll();
  }

  private wakeAll() {
    for (const waker of [...this.wakers]) waker();
  }
}
