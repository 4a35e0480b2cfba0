/** A refusal for a missing right reads as one sentence naming the right (issue 28 §2); others as before. */
import { describe, expect, it } from 'vitest';
import { explainReason } from './reason.js';

describe('the reason of a refused operation', () => {
  it('names the right a RIGHT_MISSING refusal says the role lacks', () => {
    const reason = { error: { statusCode: 403, message: 'Your role does not grant STOCK', detail: { code: 'RIGHT_MISSING', right: 'STOCK' } } };
    expect(explainReason(reason)).toEqual([{ key: 'rights.missing', values: { right: 'rights.right.STOCK' }, translate: ['right'] }]);
  });

  it('says any other 403 as before', () => {
    expect(explainReason({ error: { statusCode: 403, message: 'Forbidden resource', detail: null } })).toEqual([{ key: 'inbox.reason.forbidden' }]);
    expect(explainReason({ error: { statusCode: 403, message: 'x', detail: { code: 'RIGHT_MISSING', right: 'NOT_A_RIGHT' } } })).toEqual([{ key: 'inbox.reason.forbidden' }]);
  });
});
