/**
 * Sends an import's batches to the service two at a time: while one batch's commit is being made durable, the
 * next one is already being checked and written (the service runs a business's batches one after another, so
 * nothing races). Stops sending at the first failure and reports it; batches already answered stay imported, and
 * running the file again completes the rest (re-importing is safe by design).
 */

/** Batches in flight at once. */
export const IN_FLIGHT = 2;

export async function sendBatches<B, A>(
  batches: readonly B[],
  send: (batch: B, index: number) => Promise<A>,
  onAnswer: (answer: A, index: number, done: number) => void,
  inFlight = IN_FLIGHT,
): Promise<void> {
  let next = 0;
  let done = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < batches.length) {
      const index = next;
      next += 1;
      try {
        const answer = await send(batches[index]!, index);
        done += 1;
        onAnswer(answer, index, done);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, batches.length) }, worker));
  if (failure !== null) throw failure;
}
