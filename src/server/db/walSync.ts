/**
 * Durable commits without blocking the event loop (SQLITE_SYNCHRONOUS=FULL). SQLite's own FULL
 * makes every COMMIT wait for an fsync of the WAL inside the call, on the main thread: while the
 * disk flushes, no request is read or answered, and under load that wait was most of an order's
 * time. Instead the connection runs with synchronous=NORMAL (the COMMIT only writes the WAL; a
 * checkpoint still syncs the WAL before copying it and the database after, so the file stays
 * consistent) and this flushes the WAL file on libuv's thread pool before a commit is
 * acknowledged. The guarantee a caller hears is FULL's: its commit is on disk.
 *
 * One flush runs at a time; the commits made while it runs wait for the next one, which starts
 * after them (a flush that began before a commit's write would not cover it). So a slow disk
 * groups more commits per flush instead of queueing flushes.
 */
import { open } from 'node:fs/promises';

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class WalSync {
  private running: Promise<void> | null = null;
  private waiting: Waiter[] = [];

  /** `flush`: writes the file's data to the disk (fdatasync of the WAL by default). */
  constructor(private readonly flush: () => Promise<void>) {}

  /** The WAL file beside `databaseFile`, flushed through a descriptor of its own each time. */
  static ofDatabase(databaseFile: string): WalSync {
    const wal = `${databaseFile}-wal`;
    return new WalSync(async () => {
      // Opened per flush: the file SQLite writes now, never a descriptor of one it replaced.
      const handle = await open(wal, 'r');
      try {
        await handle.datasync();
      } finally {
        await handle.close();
      }
    });
  }

  /** Resolves once a flush that started after this call has completed (rejects if it failed). */
  afterCommit(): Promise<void> {
    const done = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    if (!this.running) this.start();
    return done;
  }

  /** Every flush asked for so far has ended (before the connection closes). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private start(): void {
    const waiters = this.waiting;
    this.waiting = [];
    this.running = this.flush().then(
      () => {
        for (const waiter of waiters) waiter.resolve();
      },
      (error: unknown) => {
        for (const waiter of waiters) waiter.reject(error);
      },
    );
    void this.running.then(() => {
      this.running = null;
      if (this.waiting.length > 0) this.start();
    });
  }
}
