/**
 * Logins and display names (owner/user names, employee names, the business name) are how people recognise each
 * other, so they must not be able to look like something else. The fuzzing run registered `Name` and `Name\u200b`
 * as two accounts and owners with control and private-use characters (issue 13 §2.3). One validator, used by
 * every schema that takes a login or a display name:
 * - refused: control characters (Cc), format characters (Cf: zero-width spaces and joiners, bidi embeddings,
 *   overrides, isolates and marks, the BOM, soft hyphens), private-use (Co) and lone surrogates (Cs);
 * - logins are stored NFKC-normalised and trimmed; they are unique by `loginKey` (also case-folded).
 */
import { z } from 'zod';
import { requiredText, text } from './schema-kit.js';

/** Every character that renders as nothing, steers the text direction, or has no agreed look. */
const INVISIBLE_OR_UNDEFINED = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u;

export const LOOK_ALIKE_MESSAGE = 'must not contain zero-width, control, private-use or bidirectional characters';

/** True when `value` holds a character refused in logins and display names. */
export const hasHiddenCharacters = (value: string): boolean => INVISIBLE_OR_UNDEFINED.test(value);

const visible = (value: string) => !hasHiddenCharacters(value);

/** Stored form of a login: NFKC (full-width and compatibility forms folded) and trimmed; case kept for display. */
export const normaliseLogin = (login: string): string => login.normalize('NFKC').trim();

/**
 * The uniqueness key of a login: its stored form, case-folded. Lower, upper, lower again folds what
 * `toLowerCase` alone misses (ß → ss, final ς → σ), and the second NFKC keeps the key in normal form after folding.
 */
export const loginKey = (login: string): string => normaliseLogin(login).toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');

/** A required login: refused with hidden characters or when blank after trimming, stored normalised. */
export const loginText = () =>
  requiredText()
    .refine(visible, { error: LOOK_ALIKE_MESSAGE })
    .transform(normaliseLogin)
    .refine((value) => value.length > 0, { error: 'should not be empty' });

/**
 * A login in an update body, where the reference accepted any string and an empty one changed nothing: refused
 * with hidden characters, stored normalised, and left empty (no change) when blank.
 */
export const loginUpdateText = () => text().refine(visible, { error: LOOK_ALIKE_MESSAGE }).transform(normaliseLogin);

/** A display name (a person's or the business's). */
export const displayName = () => text().refine(visible, { error: LOOK_ALIKE_MESSAGE });
export const requiredDisplayName = () => requiredText().refine(visible, { error: LOOK_ALIKE_MESSAGE });

export type LoginText = z.output<ReturnType<typeof loginText>>;
