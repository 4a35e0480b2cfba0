import { describe, expect, it } from 'vitest';
import { HISTORY_CHARACTERS, HISTORY_MESSAGES, RESULT_CHARACTERS, RESULT_ROWS, extractSql, historyTurns, resultsTurn, systemPrompt } from './prompt.js';

describe('the AI chat prompt', () => {
  it('reads the statement of the first <sql> block, whatever the case of the tags, and nothing from an answer without one', () => {
    expect(extractSql('Sure.\n<sql>\n  select 1\n</sql> and <sql>select 2</sql>')).toBe('select 1');
    expect(extractSql('<SQL>select 3</SQL>')).toBe('select 3');
    expect(extractSql('No query needed.')).toBeNull();
    expect(extractSql('<sql>   </sql>')).toBeNull();
    expect(extractSql('<sql>select 1')).toBeNull();
  });

  it('B6: sends the most recent earlier messages, oldest first, within both bounds, as user and assistant turns', () => {
    const messages = Array.from({ length: HISTORY_MESSAGES + 10 }, (_, index) => ({ role: index % 2 ? 'model' : 'user', message: `m${index}` }));
    const turns = historyTurns(messages);
    expect(turns).toHaveLength(HISTORY_MESSAGES);
    expect(turns.at(-1)).toEqual({ role: 'assistant', content: `m${HISTORY_MESSAGES + 9}` });
    expect(turns[0]?.content).toBe('m10');
    const long = [{ role: 'user', message: 'old' }, { role: 'model', message: 'x'.repeat(HISTORY_CHARACTERS) }, { role: 'user', message: 'new' }];
    expect(historyTurns(long)).toEqual([{ role: 'user', content: 'new' }]);
  });

  it('hands back query results as JSON with exact values, cut to the bounds with a note', () => {
    expect(resultsTurn([{ total: 12n, name: 'Tea' }]).content).toContain('The query returned 1 row(s). The results as JSON:\n[{"total":"12","name":"Tea"}]');
    const many = Array.from({ length: RESULT_ROWS + 5 }, (_, index) => ({ index }));
    expect(resultsTurn(many).content).toContain(`The query returned ${RESULT_ROWS + 5} row(s) (the first ${RESULT_ROWS} are shown)`);
    const wide = Array.from({ length: 50 }, () => ({ text: 'y'.repeat(5_000) }));
    const turn = resultsTurn(wide).content;
    expect(turn.length).toBeLessThan(RESULT_CHARACTERS + 500);
    expect(turn).toMatch(/the first \d+ are shown/);
  });

  it('offers the views and asks for SQL only when the caller may read the data', () => {
    expect(systemPrompt('2026-01-01T00:00:00.000Z', '"S_Item"(id, name)')).toContain('"S_Item"(id, name)');
    const none = systemPrompt('2026-01-01T00:00:00.000Z', null);
    expect(none).toContain('never write SQL');
    expect(none).not.toContain('<sql>');
  });
});
