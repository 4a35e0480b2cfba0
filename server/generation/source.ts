/**
 * The generation sync requests are checked against (app/sync/generation.ts), read from the database at most every
 * few seconds per process: a pull or push must not pay a statement for it, and the generation changes only while
 * the service is stopped (a restore) or at its start (a restore it detects).
 */
import type { Db } from '../../app/context.js';
import { readGeneration } from '../../app/sync/generation.js';

const CACHE_MS = 5_000;

export class GenerationSource {
  private cached: { value: string; until: number } | null = null;
  private reading: Promise<string> | null = null;

  constructor(private readonly db: Db) {}

  /** The database's current generation. */
  async current(): Promise<string> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.value;
    this.reading ??= readGeneration(this.db)
      .then((generation) => {
        this.cached = { value: generation.generation, until: Date.now() + CACHE_MS };
        return generation.generation;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /** Forgets the cached value (this process just started a new generation). */
  forget(): void {
    this.cached = null;
  }
}
