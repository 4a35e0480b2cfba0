/**
 * An employee's PIN, chosen by the console when the owner leaves the field empty: 4 digits from the browser's
 * cryptographic random source (a PIN is a secret: Math.random is predictable). The service keeps only a salted
 * hash and never returns it, so the console shows it once — right after it is set — and keeps it nowhere.
 */
export function randomPin(random: (bytes: Uint32Array) => Uint32Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const [value = 0] = random(new Uint32Array(1));
  return String(value % 10_000).padStart(4, '0');
}

/** The service refused the PIN because a colleague who can sign in at the same till holds it. */
export function isPinTaken(error: unknown): boolean {
  const problems = (error as { problems?: readonly { text: string }[] } | null)?.problems ?? [];
  return problems.some((problem) => /PIN kod allaqachon/.test(problem.text));
}
