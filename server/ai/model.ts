/**
 * The ports the AI chat needs from its host, so the conversation logic stays pure domain: a chat model that
 * streams an answer (the server plugs in an OpenAI-compatible HTTP client, tests a local fake), and the
 * reporting-query safeguards that are the only way model-written SQL ever reaches the database (S10).
 */
import type { OperationContext } from '../../app/context.js';

/** One message of the conversation sent to the model, in the OpenAI chat format's roles. */
export interface ChatTurn {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface ChatModel {
  /**
   * Streams the model's answer to `turns` as pieces of text. Rejects (at the first `next()` or later) when the
   * provider cannot be reached or fails; stops when `signal` aborts.
   */
  stream(turns: readonly ChatTurn[], signal: AbortSignal): AsyncIterable<string>;
}

export interface ReportingQueries {
  /** The reporting views the model may query, described for its system prompt. */
  readonly schema: string;
  /** Whether this caller may read the business's data at all (the same rule as POST /get). */
  allowed(ctx: OperationContext): boolean;
  /**
   * Runs one read-only SELECT over the caller's business's reporting views, with the time limit and row cap of
   * POST /get. Throws OperationError 400 when the text is refused.
   */
  run(ctx: OperationContext, sql: string): Promise<readonly Record<string, unknown>[]>;
}
