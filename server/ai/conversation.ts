/**
 * Answering a question in an AI chat session (AiChatController_sendMessage), as a text stream.
 *
 * 1. The session must be the caller's (404 otherwise); the question is stored (with its audit entry).
 * 2. The model gets the system prompt, the session's earlier messages (B6) and the question.
 * 3. If its answer holds `<sql>…</sql>`, that SQL runs only through the reporting-query safeguards (S10): one
 *    read-only SELECT over the caller's business's views, time-limited and capped. The results go back to the
 *    model, whose analysis is streamed. A refused or failing query is answered with an explanation instead —
 *    never the database's own error text.
 * 4. The answer is stored as a `model` message once complete.
 *
 * Everything that can fail before the first byte (unknown session, provider down) throws an OperationError, so
 * the caller still gets a status and an error body; after that, a failing provider ends the text with a note.
 * No transaction is held open while the model thinks: each stored message is its own short write.
 */
import type { AiChatMessageDto } from '../../shared/catalogue/ai-chat.js';
import { OperationError } from '../../shared/errors.js';
import type { Transactor } from '../../db/transactor.js';
import type { Db, OperationContext } from '../../app/context.js';
import type { ChatModel, ChatTurn, ReportingQueries } from './model.js';
import { extractSql, historyTurns, resultsTurn, systemPrompt } from './prompt.js';
import { auditMessage, insertMessage, loadOwnSession, sessionMessages, type AiChatRole } from './sessions.js';

export const MESSAGE_AUDIT = 'CREATE_AI_CHAT_MESSAGE';
export const PROVIDER_FAILED = 'The AI service did not answer; please try again later';
export const QUERY_FAILED = 'I attempted to query the database but encountered an error. Please refine your question.';
export const NO_DATA_ACCESS = "Your role may not look at the business's data through the assistant.";
export const INTERRUPTED = '\n\n(The answer was cut short: the AI service stopped responding.)';
export const NO_ANSWER = '(The AI service returned an empty answer.)';
/** Longest first answer read in full (it is either a short SQL request or the whole answer). */
const FIRST_ANSWER_CHARACTERS = 100_000;

export interface ConversationDeps {
  readonly store: { readonly db: Db; readonly writes: Transactor };
  readonly model: ChatModel;
  readonly reporting: ReportingQueries;
}

const providerFailed = () => new OperationError(502, PROVIDER_FAILED);

/** Stores one message of the session in its own transaction, with its audit entry; the session is re-checked. */
async function record(deps: ConversationDeps, ctx: OperationContext, sessionId: string, role: AiChatRole, text: string) {
  return deps.store.writes.transaction(async (tx) => {
    await loadOwnSession(tx, ctx, sessionId);
    const message = await insertMessage(tx, ctx, sessionId, role, text);
    await auditMessage(tx, ctx, MESSAGE_AUDIT, message);
    return message;
  });
}

/** The same caller a moment later: the answer is stored strictly after the question, so history keeps their order. */
function later(ctx: OperationContext): OperationContext {
  const now = new Date(Math.max(Date.now(), Date.parse(ctx.now) + 1)).toISOString();
  return { ...ctx, now };
}

/** The model's whole (bounded) answer; 502 when the provider fails. */
async function collect(model: ChatModel, turns: readonly ChatTurn[], signal: AbortSignal): Promise<string> {
  let text = '';
  try {
    for await (const piece of model.stream(turns, signal)) {
      text += piece;
      if (text.length >= FIRST_ANSWER_CHARACTERS) break;
    }
  } catch {
    throw providerFailed();
  }
  return text;
}

/** Runs the model's SQL through the safeguards: the rows, or the explanation the user gets instead. */
type QueryOutcome = { readonly rows: readonly Record<string, unknown>[] } | { readonly explanation: string };

async function runQuery(deps: ConversationDeps, ctx: OperationContext, statement: string): Promise<QueryOutcome> {
  if (!deps.reporting.allowed(ctx)) return { explanation: NO_DATA_ACCESS };
  try {
    return { rows: await deps.reporting.run(ctx, statement) };
  } catch (error) {
    // The safeguards' own refusals (400) say what was wrong in our words; anything else stays generic.
    if (error instanceof OperationError && error.statusCode === 400) {
      const reason = Array.isArray(error.reason) ? error.reason.join('; ') : error.reason;
      return { explanation: `I could not run the query I wrote for this question: ${reason}. Please rephrase your question.` };
    }
    return { explanation: QUERY_FAILED };
  }
}

/** A complete text as a stream: stored first, so a reader who leaves early loses nothing. */
async function finished(deps: ConversationDeps, ctx: OperationContext, sessionId: string, text: string): Promise<AsyncIterable<string>> {
  const answer = text.trim() === '' ? NO_ANSWER : text;
  await record(deps, later(ctx), sessionId, 'model', answer);
  return (async function* () {
    yield answer;
  })();
}

/**
 * Streams the model's analysis. The first piece is awaited before returning, so a provider that fails at once
 * is still a 502; later failures end the text with a note. The answer is stored when complete, or not at all if
 * the reader left (the signal aborted).
 */
async function streamed(
  deps: ConversationDeps,
  ctx: OperationContext,
  sessionId: string,
  turns: readonly ChatTurn[],
  signal: AbortSignal,
): Promise<AsyncIterable<string>> {
  const pieces = deps.model.stream(turns, signal)[Symbol.asyncIterator]();
  let head: IteratorResult<string>;
  try {
    head = await pieces.next();
  } catch {
    throw providerFailed();
  }
  return (async function* () {
    let text = '';
    try {
      let next = head;
      while (!next.done) {
        text += next.value;
        if (next.value !== '') yield next.value;
        next = await pieces.next();
      }
    } catch {
      if (signal.aborted) return;
      text += INTERRUPTED;
      yield INTERRUPTED;
    } finally {
      await pieces.return?.().catch(() => undefined);
    }
    if (signal.aborted) return;
    if (text.trim() === '') {
      text = NO_ANSWER;
      yield NO_ANSWER;
    }
    await record(deps, later(ctx), sessionId, 'model', text).catch((error: unknown) => {
      // The session was deleted while the answer streamed: there is nothing left to store it in.
      if (!(error instanceof OperationError && error.statusCode === 404)) throw error;
    });
  })();
}

export async function answerQuestion(
  deps: ConversationDeps,
  ctx: OperationContext,
  input: AiChatMessageDto,
  signal: AbortSignal,
): Promise<AsyncIterable<string>> {
  const earlier = await sessionMessages(deps.store.db, ctx, input.session_id);
  await record(deps, ctx, input.session_id, 'user', input.message);
  const schema = deps.reporting.allowed(ctx) ? deps.reporting.schema : null;
  const question: ChatTurn[] = [
    { role: 'system', content: systemPrompt(ctx.now, schema) },
    ...historyTurns(earlier),
    { role: 'user', content: input.message },
  ];
  const first = await collect(deps.model, question, signal);
  const statement = extractSql(first);
  if (statement === null) return finished(deps, ctx, input.session_id, first);
  const outcome = await runQuery(deps, ctx, statement);
  if ('explanation' in outcome) return finished(deps, ctx, input.session_id, outcome.explanation);
  return streamed(deps, ctx, input.session_id, [...question, { role: 'assistant', content: first }, resultsTurn(outcome.rows)], signal);
}
