/**
 * An enrollment offered from outside the screen (docs/downloads.md): `#enroll=<server>&code=<code>` in the page's
 * address (browser mode, or the shell's translation of a `kassa://enroll` link), or a `kassa://enroll?…` link or a
 * bare code read by a barcode/QR scanner. None of these is signed, so an offer only fills in the enrollment form:
 * a person sees the service address and presses Connect.
 */
import { normalizeEnrollmentCode } from '../../shared/sync/enrollment-code.js';
import { parseEnrollLink } from '../../shared/provisioning/provisioning.js';

export interface EnrollOffer {
  readonly serviceUrl?: string;
  readonly code: string;
}

export interface OfferSources {
  readonly location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  readonly history: Pick<History, 'replaceState' | 'state'>;
}

/** Reads `enroll` and `code` from the fragment and removes them from the address bar (the rest, e.g. the secret, stays). */
export function takeEnrollOffer({ location, history }: OfferSources): EnrollOffer | undefined {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const serviceUrl = fragment.get('enroll');
  const code = fragment.get('code');
  if (serviceUrl === null && code === null) return undefined;
  fragment.delete('enroll');
  fragment.delete('code');
  const rest = fragment.toString();
  history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  if (!code || code.length > 40) return undefined;
  return { code, ...(serviceUrl ? { serviceUrl } : {}) };
}

/** What a scanner typed: a `kassa://enroll` link (server and code) or an enrollment code; undefined otherwise. */
export function readScan(text: string): EnrollOffer | undefined {
  const link = parseEnrollLink(text);
  if (link) return { serviceUrl: link.server, code: link.code };
  const trimmed = text.trim();
  return normalizeEnrollmentCode(trimmed) === null ? undefined : { code: trimmed.toUpperCase() };
}

/**
 * A barcode scanner is a keyboard that types a whole code within a few milliseconds per key and ends with Enter.
 * Fed every key press, this gives the text of a burst that ended with Enter and was typed no slower than
 * `maxGapMs` between keys; slower typing (a person) resets it.
 */
export function scanCollector(options: { maxGapMs?: number; minLength?: number } = {}) {
  const maxGapMs = options.maxGapMs ?? 50;
  const minLength = options.minLength ?? 6;
  let buffer = '';
  let last = -Infinity;
  return (key: string, at: number): string | undefined => {
    if (at - last > maxGapMs) buffer = '';
    last = at;
    if (key === 'Enter') {
      const scanned = buffer;
      buffer = '';
      return scanned.length >= minLength ? scanned : undefined;
    }
    if (key.length === 1) buffer += key;
    return undefined;
  };
}
