/**
 * WAL checkpoints off the request path. SQLite normally checkpoints inside the commit that fills
 * the WAL past 1,000 pages: copying the pages back and an fsync, several milliseconds during
 * which the (synchronous) driver blocks every request. The server instead runs PASSIVE checkpoints
 * from a worker thread on its own connection, which never blocks the writer; the main connection
 * keeps a far higher automatic threshold only as a safety net.
 */
import { SQLITE_PACKAGE_PATH } from './sqliteDriver';
import { Worker } from 'node:worker_threads';

/** Plain JavaScript (no loader needed in the worker, under tsx or vitest alike). */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error)); }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(
  file: string,
  everyMs = 250,
  // The server passes one that logs through its logger (connect.ts).
  onError: (message: string) => void = () => undefined,
): Checkpointer {
  const driver = SQLITE_PACKAGE_PATH;
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { file, driver, everyMs } });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (message: unknown) => onError(`WAL checkpoint: ${String(message)}`));
  // Should the thread fail, SQLite's own checkpoints (the safety net) keep the WAL bounded.
  worker.on('error', (error) => onError(`WAL checkpoint thread stopped: ${error.message}`));
  worker.unref();
  return {
    stop: async () => {
      // Keep the process alive until the last checkpoint is done.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
