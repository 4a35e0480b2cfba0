/**
 * WAL checkpoints on a thread of their own.
 *
 * SQLite copies the WAL back into the database file (a checkpoint) from inside a COMMIT once the WAL passes 1,000
 * pages: the committing thread writes megabytes and waits for two fsyncs. In the service that thread is the event
 * loop, so every few group commits all requests stopped for tens of milliseconds — the p99 of every write
 * benchmark. Here the connection that writes never checkpoints (`wal_autocheckpoint = 0`); a worker thread with
 * its own connection to the same file runs a PASSIVE checkpoint every 100 ms (cheap when the WAL has not grown), which never blocks a
 * writer or a reader. Its connection runs at `synchronous = NORMAL`, where a checkpoint syncs the WAL before
 * copying and the database file after: a frame is overwritten only once it is durable in the database file.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

/** How often the worker looks at the WAL. */
const INTERVAL_MS = 100;

// Plain JavaScript evaluated in the worker, so it needs no build step and no file of its own next to a bundle.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
let stopping = false;
function checkpoint() {
  if (stopping) return;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
  setTimeout(checkpoint, workerData.interval);
}
parentPort.on('message', (message) => {
  if (message === 'stop') {
    stopping = true;
    db.close();
    parentPort.postMessage('stopped');
  }
});
checkpoint();
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (a SQLite database in WAL mode) on a worker thread. */
export function startCheckpointer(file: string, onError: (message: string) => void = () => undefined): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, interval: INTERVAL_MS } });
  worker.unref();
  let stopped: Promise<void> | null = null;
  worker.on('message', (message: unknown) => {
    if (message && typeof message === 'object' && 'error' in message) onError(String((message as { error: unknown }).error));
  });
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        worker.on('message', (message: unknown) => {
          if (message === 'stopped') void worker.terminate().then(() => resolve());
        });
        worker.on('exit', () => resolve());
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
