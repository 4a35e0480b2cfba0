/**
 * What the model is told: the analyst instructions with the reporting views it may query, the conversation so
 * far (the reference sent none, B6), and, after a query, its results. Also reads the SQL out of an answer.
 */
import type { ChatTurn } from './model.js';

/** Earlier messages sent with each question: the most recent ones, within both bounds. */
export const HISTORY_MESSAGES = 40;
export const HISTORY_CHARACTERS = 40_000;
/** Query results sent back to the model for the analysis. */
export const RESULT_ROWS = 200;
export const RESULT_CHARACTERS = 40_000;

export function systemPrompt(now: string, schema: string | null): string {
  const lines = [
    'You are the data analyst of a shop that uses the Kassa point-of-sale system. Answer briefly and precisely,',
    "in the language of the user's question. Use markdown tables for tabular answers.",
    `The current time is ${now} (UTC).`,
  ];
  if (schema === null) {
    lines.push("You have no access to the shop's data for this user: answer from the conversation only, and never write SQL.");
  } else {
    lines.push(
      "When the question needs the shop's data, answer with exactly one read-only SQL SELECT statement wrapped in",
      '<sql>…</sql> and nothing else; you will then receive its results and answer from them. Query only these',
      'reporting views (quote their names exactly as written); money and quantities are decimal strings. Rows',
      `with is_deleted = true are deleted records. Aggregate: a result of more than ${RESULT_ROWS} rows is refused.`,
      schema,
    );
  }
  return lines.join('\n');
}

/** The most recent earlier messages within the bounds, oldest first, as chat turns. */
export function historyTurns(messages: readonly { role: string; message: string }[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  let characters = 0;
  for (const message of [...messages].reverse()) {
    if (turns.length >= HISTORY_MESSAGES || characters + message.message.length > HISTORY_CHARACTERS) break;
    characters += message.message.length;
    turns.push({ role: message.role === 'model' ? 'assistant' : 'user', content: message.message });
  }
  return turns.reverse();
}

/** The statement inside the first `<sql>…</sql>` of an answer, or null when the answer asks for no query. */
export function extractSql(answer: string): string | null {
  const match = /<sql>([\s\S]*?)<\/sql>/i.exec(answer);
  const statement = match?.[1]?.trim();
  return statement ? statement : null;
}

/** Bigints (exact counts and sums) as decimal strings: JSON has no other exact form for them. */
const json = (value: unknown) => JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));

/** The follow-up that hands the model its query's results (bounded) and asks for the analysis. */
export function resultsTurn(rows: readonly Record<string, unknown>[]): ChatTurn {
  let shown = rows.slice(0, RESULT_ROWS);
  let text = json(shown);
  while (text.length > RESULT_CHARACTERS && shown.length > 1) {
    shown = shown.slice(0, Math.ceil(shown.length / 2));
    text = json(shown);
  }
  // A single enormous row is cut rather than sent whole.
  if (text.length > RESULT_CHARACTERS) text = `${text.slice(0, RESULT_CHARACTERS)} …(cut)`;
  const note = shown.length < rows.length ? ` (the first ${shown.length} are shown)` : '';
  return {
    role: 'user',
    content:
      `The query returned ${rows.length} row(s)${note}. The results as JSON:\n${text}\n\n` +
      'Answer my question from these results. Do not write SQL again.',
  };
}
