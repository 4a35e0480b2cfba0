/**
 * Record ids for a queued operation, the same wherever it runs. A terminal runs an operation locally when the
 * cashier acts and the service runs it again from the push; both take their ids from this sequence, seeded by
 * the operation's mutationId and timed by when it happened, so the record a later queued operation names (an
 * edit of the receipt just created offline) has the same id on the service. The first id a create takes is the
 * created record's.
 */
import { createHash } from 'node:crypto';
import { uuidv7 } from '../../shared/ids.js';

export function derivedIds(mutationId: string, occurredAt: string): () => string {
  const time = Date.parse(occurredAt);
  let counter = 0;
  return () => {
    counter += 1;
    const digest = createHash('sha256').update(`${mutationId}:${counter}`).digest();
    return uuidv7(time, () => digest.subarray(0, 10));
  };
}
