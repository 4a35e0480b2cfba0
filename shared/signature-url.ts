/**
 * `signature_url` of a client-debt transaction: where the client's signature for a credit sale is. Existing
 * clients send an http(s) URL or the image itself as a data URI (PNG, JPEG or WebP, as phones and signature pads
 * produce), so those are accepted; "" means no signature. Everything else — other schemes, other image types, bad
 * base64, a payload that is not the declared image, credentials in the URL — is a 400 naming the field.
 *
 * Size: at most MAX_SIGNATURE_BASE64 characters of base64 (about 192 KiB of image), well inside the service's
 * default body limit (BODY_LIMIT_BYTES, 1 MiB), so a legal signature never meets a 413.
 */
import { z } from 'zod';
import { MAX_TEXT_LENGTH } from './schema-kit.js';

/** Longest base64 payload of a signature image: 256 KiB of text, about 192 KiB of image. */
export const MAX_SIGNATURE_BASE64 = 256 * 1024;
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The image types accepted in a data URI, each with the leading bytes its files start with (null: any byte). */
const IMAGE_TYPES: readonly { readonly prefix: string; readonly name: string; readonly magic: readonly (number | null)[] }[] = [
  { prefix: 'data:image/png;base64,', name: 'PNG', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { prefix: 'data:image/jpeg;base64,', name: 'JPEG', magic: [0xff, 0xd8, 0xff] },
  // RIFF, a 4-byte length, then WEBP.
  { prefix: 'data:image/webp;base64,', name: 'WebP', magic: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
];
const LONGEST_PREFIX = Math.max(...IMAGE_TYPES.map((type) => type.prefix.length));

export const SIGNATURE_FORMS_MESSAGE = 'must be an http(s) URL or a data:image/png, data:image/jpeg or data:image/webp base64 URI';

/** Decodes the first `count` bytes of valid base64 (no node:* Buffer here: shared/ runs in the renderer too). */
export function base64Prefix(base64: string, count: number): number[] {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of base64) {
    if (char === '=' || bytes.length === count) break;
    buffer = ((buffer << 6) | BASE64_ALPHABET.indexOf(char)) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** Why a data-URI signature is unacceptable, or undefined when it is a well-formed image within the size limit. */
function imageDataProblem(value: string, type: (typeof IMAGE_TYPES)[number]): string | undefined {
  const payload = value.slice(type.prefix.length);
  if (payload.length > MAX_SIGNATURE_BASE64) return `must hold at most ${MAX_SIGNATURE_BASE64} characters of base64`;
  // Linear checks on purpose: the payload may be a quarter of a megabyte.
  const wellFormed = payload.length > 0 && payload.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(payload);
  if (!wellFormed) return 'must hold valid base64';
  const head = base64Prefix(payload, type.magic.length);
  const matches = head.length === type.magic.length && type.magic.every((byte, index) => byte === null || head[index] === byte);
  return matches ? undefined : `must hold a ${type.name} image`;
}

/** Why a URL signature is unacceptable. URLs are parsed and their scheme compared, never substring-matched. */
function urlProblem(value: string): string | undefined {
  if (value.length > MAX_TEXT_LENGTH) return `must be at most ${MAX_TEXT_LENGTH} characters when it is a URL`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return SIGNATURE_FORMS_MESSAGE;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') return SIGNATURE_FORMS_MESSAGE;
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  return undefined;
}

/** A signature as described above; "" becomes null (no signature). */
export const signatureUrl = () =>
  z
    .string({ error: 'must be a string' })
    .max(LONGEST_PREFIX + MAX_SIGNATURE_BASE64 + 1, {
      error: `must hold at most ${MAX_SIGNATURE_BASE64} characters of base64`,
    })
    .transform((value, ctx): string | null => {
      if (value === '') return null;
      const head = value.slice(0, LONGEST_PREFIX).toLowerCase();
      const type = IMAGE_TYPES.find((candidate) => head.startsWith(candidate.prefix));
      const problem = type ? imageDataProblem(value, type) : urlProblem(value);
      if (problem === undefined) return value;
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    });
