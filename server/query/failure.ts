/**
 * Why an executor could not answer, before it is turned into the caller's error: the time limit passed, the
 * engine refused the query itself (an unknown column, a type mismatch: worth telling the caller), the result or
 * the work outgrew what a query may hold (the byte budget, the engine's memory), or something about the
 * machinery failed (never shown beyond a generic message).
 */
export class ReportingFailure extends Error {
  constructor(
    readonly kind: 'timeout' | 'query' | 'too-large' | 'internal',
    message: string = kind,
  ) {
    super(message);
    this.name = 'ReportingFailure';
  }
}
