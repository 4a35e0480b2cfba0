import { describe, expect, it } from 'vitest';
import { checkRelease } from '../../main/release-check.js';
import { parseTrustedKeys } from '../../main/provisioning/trusted-keys.js';

const KEY = { kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo', kid: 'k1' };
const KEYS = JSON.stringify({ keys: [KEY] });

describe('npm run dist’s release check', () => {
  it('refuses a release whose update feed is not HTTPS, or is missing', () => {
    expect(() => checkRelease({ KASSA_PROVISIONING_KEYS: KEYS })).toThrow(/KASSA_UPDATE_URL is not set/);
    expect(() => checkRelease({ KASSA_UPDATE_URL: 'http://kassa.example.com/releases/', KASSA_PROVISIONING_KEYS: KEYS })).toThrow(/must be https, not http/);
    expect(() => checkRelease({ KASSA_UPDATE_URL: 'ftp://kassa.example.com/', KASSA_PROVISIONING_KEYS: KEYS })).toThrow(/must be https/);
  });

  it('refuses a release without the public keys its provisioning files are trusted from, or with a private key', () => {
    const feed = 'https://kassa.example.com/releases/';
    expect(() => checkRelease({ KASSA_UPDATE_URL: feed })).toThrow(/KASSA_PROVISIONING_KEYS is not set/);
    expect(() => checkRelease({ KASSA_UPDATE_URL: feed, KASSA_PROVISIONING_KEYS: '{"keys": []}' })).toThrow(/at least one key/);
    expect(() => checkRelease({ KASSA_UPDATE_URL: feed, KASSA_PROVISIONING_KEYS: JSON.stringify({ keys: [{ ...KEY, d: 'secret' }] }) })).toThrow(/private key/);
    expect(() => checkRelease({ KASSA_UPDATE_URL: feed, KASSA_PROVISIONING_KEYS: JSON.stringify({ keys: [{ kty: 'RSA', n: 'x', e: 'AQAB' }] }) })).toThrow(/Ed25519/);
  });

  it('passes an HTTPS feed with Ed25519 public keys, and writes only their public parts', () => {
    const { keys } = checkRelease({ KASSA_UPDATE_URL: 'https://kassa.example.com/releases/', KASSA_PROVISIONING_KEYS: KEYS });
    expect(parseTrustedKeys(keys)).toEqual([KEY]);
  });
});
