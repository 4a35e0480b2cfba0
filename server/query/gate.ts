/**
 * How many reporting queries run at once per database (each holds a pooled PostgreSQL connection or a SQLite
 * child process for up to the time limit): the rest wait their turn, for a bounded time and in a bounded queue,
 * and are then turned away with a 429 rather than pile up.
 */
import { OperationError } from '../../shared/errors.js';

/** At most this many queries wait per running slot before new ones are turned away at once. */
const QUEUE_PER_SLOT = 8;

const tooBusy = () =>
  new OperationError(429, 'Too many reporting queries are running; try again in a moment', { retryAfterSeconds: 1 });

/** Lets `limit` callers run at once; the others wait in order, for at most `waitMs`. */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async enter(waitMs: number): Promise<() => void> {
    if (this.running < this.limit) {
      this.running += 1;
      return this.exit();
    }
    if (this.waiting.length >= this.limit * QUEUE_PER_SLOT) throw tooBusy();
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(wake);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(tooBusy());
      }, waitMs);
      this.waiting.push(wake);
    });
    // The slot was handed over by `leave` without being released.
    return this.exit();
  }

  /** Leaves once, however often it is called. */
  private exit(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.leave();
    };
  }

  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
