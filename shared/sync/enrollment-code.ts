/**
 * One-time enrollment codes, typed by a person from the back office into a new terminal: `K7Q-4MZ-9TD`.
 * Nine symbols of Crockford's base-32 alphabet (45 random bits), which leaves out I, L, O and U; on input those
 * look-alikes are read as 1, 1 and 0, case and hyphens or spaces are ignored, so "k7q 4mz 9td" is the same code.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 9;
const GROUP = 3;

/** A new code in its display form. `random` supplies bytes (crypto-strong by default). */
export function newEnrollmentCode(random: (length: number) => Uint8Array = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length))): string {
  const bytes = random(LENGTH);
  let code = '';
  // 256 is a multiple of 32, so taking the low five bits of a uniform byte is uniform.
  for (let index = 0; index < LENGTH; index += 1) code += ALPHABET[(bytes[index] ?? 0) & 31];
  return displayEnrollmentCode(code);
}

/** `K7Q4MZ9TD` → `K7Q-4MZ-9TD`. */
export function displayEnrollmentCode(canonical: string): string {
  const groups: string[] = [];
  for (let index = 0; index < canonical.length; index += GROUP) groups.push(canonical.slice(index, index + GROUP));
  return groups.join('-');
}

/** The canonical form of typed input (nine alphabet symbols, no separators), or null when it cannot be a code. */
export function normalizeEnrollmentCode(input: string): string | null {
  if (input.length > 40) return null;
  const canonical = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (canonical.length !== LENGTH) return null;
  for (const symbol of canonical) if (!ALPHABET.includes(symbol)) return null;
  return canonical;
}
