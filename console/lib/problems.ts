/**
 * The service's refusals in the user's language. The service answers in English lines ("password must be at least
 * 6 characters"); the api client splits each into the field and the problem (api.ts), and this module says the
 * problem in uz/ru/en — by the validation vocabulary's known phrases, or the service's own words when a phrase is
 * new — and the field by the label the page shows for it, so "Parol: kamida 6 ta belgi bo‘lishi kerak" names the
 * field the user sees.
 */
import type { ApiError, Problem } from '../api.js';
import type { MessageKey, MessageValues, Translate } from '../i18n/index.js';

type Phrase = readonly [RegExp, MessageKey, (match: RegExpExecArray) => MessageValues];

const none = () => ({});
const PHRASES: readonly Phrase[] = [
  [/^(is required|should not be empty|must not be empty)$/, 'problem.required', none],
  [/^must be at least (\d+) characters?$/, 'problem.minLength', (m) => ({ count: Number(m[1]) })],
  [/^must be at most (\d+) characters?$/, 'problem.maxLength', (m) => ({ count: Number(m[1]) })],
  [/^must have at most (\d+) decimal places?$/, 'problem.decimalPlaces', (m) => ({ count: Number(m[1]) })],
  [/^must be at least (-?[\d.]+)$/, 'problem.min', (m) => ({ value: m[1] as string })],
  [/^must be at most (-?[\d.]+)$/, 'problem.max', (m) => ({ value: m[1] as string })],
  [/^must be (?:a decimal string|a number|a decimal)/, 'problem.decimal', none],
  [/^must be an integer/, 'problem.integer', none],
  [/^must be one of the following values: (.*)$/, 'problem.oneOf', (m) => ({ values: m[1] as string })],
  [/^should not exist$/, 'problem.unknownField', none],
  [/^must be a string$/, 'problem.text', none],
  [/^must be an email$/, 'problem.email', none],
  [/^must be an ISO 8601 date/, 'problem.date', none],
  [/look-?alike|mixes? (?:scripts|alphabets)/i, 'problem.lookalike', none],
  [/^(?:is )?already (?:taken|exists|in use)/, 'problem.taken', none],
  [/^(?:does not exist|was not found|not found|must be an existing )/, 'problem.notFound', none],
  [/^must have at most (\d+) digits before the decimal point$/, 'problem.integerDigits', (m) => ({ count: Number(m[1]) })],
  [/^(?:must be an? |must be )?(?:IPv4|a port|a MAC)/, 'problem.format', none],
  // The reference's own Uzbek PIN messages (kept on the wire for its clients).
  [/^PIN kod faqat raqamlardan/, 'problem.pinDigits', none],
  [/PIN kod allaqachon/, 'problem.pinTaken', none],
  // Second-password changes (pages/security).
  [/^is incorrect$/, 'problem.currentPasswordWrong', none],
  [/^must differ from the login password$/, 'problem.sameAsPassword', none],
];

/** The problem's text in the user's language; the service's own words when the phrase is not one we know. */
export function sayProblem(problem: Problem, t: Translate): string {
  for (const [pattern, key, values] of PHRASES) {
    const match = pattern.exec(problem.text);
    if (match) return t(key, values(match));
  }
  return problem.text;
}

/** Labels of a form's fields by the body field the service names (`full_name` → "Full name" on screen). */
export type FieldLabels = Readonly<Record<string, MessageKey>>;

/**
 * What to show for an error: `fields` has the problems of each field the form shows (under the field), `general`
 * the rest — the error's kind in words, and any line naming a field the form does not show, with that field named.
 */
export function describeError(error: unknown, t: Translate, labels: FieldLabels = {}): { general: string[]; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  const general: string[] = [];
  const apiError = error as ApiError;
  if (!apiError || typeof apiError !== 'object' || !('kind' in apiError)) return { general: [t('error.service', { status: '—' })], fields };
  switch (apiError.kind) {
    case 'offline':
      return { general: [t('error.offline')], fields };
    case 'unauthorized':
      return { general: [t('error.sessionEnded')], fields };
    case 'forbidden':
      return { general: [t('error.forbidden')], fields };
    case 'tooMany':
      return { general: [apiError.retryAfterSeconds ? t('error.tooMany', { seconds: apiError.retryAfterSeconds }) : t('error.tooManyNoTime')], fields };
    case 'service':
      return { general: [t('error.service', { status: apiError.status })], fields };
    default:
      break;
  }
  for (const problem of apiError.problems) {
    const said = sayProblem(problem, t);
    const top = problem.field?.split('.')[0];
    const label = top ? labels[problem.field as string] ?? labels[top] : undefined;
    if (top && label && labels[top]) (fields[top] ??= []).push(said);
    else if (problem.field) general.push(t('error.field', { field: label ? t(label) : problem.field, problem: said }));
    else if (apiError.kind === 'notFound') general.push(t('error.notFound'));
    // A unique key (a name or code taken) in words; another conflict ("the settlement has open orders") says itself.
    else if (apiError.kind === 'conflict' && /same unique key|already exists/.test(problem.text)) general.push(t('error.conflict'));
    else general.push(said);
  }
  if (general.length === 0 && Object.keys(fields).length === 0) {
    general.push(apiError.kind === 'notFound' ? t('error.notFound') : apiError.kind === 'conflict' ? t('error.conflict') : t('error.invalid'));
  }
  return { general: [...new Set(general)], fields };
}
