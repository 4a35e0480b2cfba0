/**
 * signature_url of a debt transaction: an http(s) URL or a PNG, JPEG or WebP data URI within 256 KiB of base64;
 * anything else is a 400 naming the field and nothing is stored. The server runs with the production body limit (1 MiB), so
 * the size rule is ours, not the body parser's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SIGNATURE_BASE64 } from '../../shared/catalogue/client-debt.js';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectValidation } from '../helpers/checks.js';
import { insertClient } from '../helpers/fixtures.js';

/** A real 1×1 PNG. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** The PNG signature and one zero byte, padded with zeros to `length` characters of base64. */
const pngOfLength = (length: number) => 'iVBORw0KGgoA' + 'A'.repeat(length - 12);

describe.each(await testEngines())('debt transaction signatures on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let clientId: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { bodyLimit: 1024 * 1024 });
    shop = await registerTenant(server, 'signatures');
    clientId = await insertClient(server, shop, 'Signer');
  });
  afterAll(() => server.close());

  const transact = (signature: unknown) =>
    server.request('POST', '/api/v1/client-debts/transactions/create', {
      token: shop.token,
      body: {
        client_id: clientId,
        debt_amount: '10',
        employee_id: shop.userId,
        id_automated_point: '0',
        signature_url: signature,
      },
    });
  const storedSignatures = async () =>
    (
      await server.database.db.selectFrom('client_debt_txns').select('signature_url').where('client_id', '=', clientId).execute()
    ).map((row) => row.signature_url);

  it('accepts an https URL and stores it as sent', async () => {
    const url = 'https://cdn.example.com/signatures/a%20b.png?v=2';
    const response = await transact(url);
    expect(response.status).toBe(201);
    expect(response.body.signature_url).toBe(url);
    expect(await storedSignatures()).toContain(url);
  });

  it('accepts a PNG data URI, up to exactly the stated size', async () => {
    expect((await transact(`data:image/png;base64,${TINY_PNG}`)).status).toBe(201);
    const largest = `data:image/png;base64,${pngOfLength(MAX_SIGNATURE_BASE64)}`;
    const response = await transact(largest);
    expect(response.status).toBe(201);
    expect(response.body.signature_url).toHaveLength(largest.length);
    expect(await storedSignatures()).toContain(largest);
  });

  it('accepts an http URL and JPEG and WebP data URIs, each up to exactly the stated size', async () => {
    // A JPEG starts FF D8 FF ("/9j/" in base64); a WebP file with RIFF, four length bytes, then WEBP.
    const jpegOfLength = (length: number) => '/9j/' + 'A'.repeat(length - 4);
    const webpOfLength = (length: number) => 'UklGRiQAAABXRUJQ' + 'A'.repeat(length - 16);
    for (const signature of [
      'http://cdn.example.com/sig.png',
      `data:image/jpeg;base64,${jpegOfLength(MAX_SIGNATURE_BASE64)}`,
      `data:image/webp;base64,${webpOfLength(MAX_SIGNATURE_BASE64)}`,
    ]) {
      const response = await transact(signature);
      expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(201);
      expect(response.body.signature_url).toBe(signature);
      expect(await storedSignatures()).toContain(signature);
    }
    expectValidation(await transact(`data:image/jpeg;base64,${jpegOfLength(MAX_SIGNATURE_BASE64 + 4)}`), `signature_url must hold at most ${MAX_SIGNATURE_BASE64} characters of base64`);
    expectValidation(await transact(`data:image/webp;base64,${webpOfLength(MAX_SIGNATURE_BASE64 + 4)}`), `signature_url must hold at most ${MAX_SIGNATURE_BASE64} characters of base64`);
  });

  it('stores an empty signature as none', async () => {
    const response = await transact('');
    expect(response.status).toBe(201);
    expect(response.body.signature_url).toBeNull();
  });

  it('rejects anything else with a 400 naming signature_url, and stores nothing', async () => {
    const before = (await storedSignatures()).length;
    const rejected: [string, string][] = [
      ['ftp://cdn.example.com/sig.png', 'signature_url must be an http(s) URL or a data:image/png, data:image/jpeg or data:image/webp base64 URI'],
      ['javascript:alert(1)', 'signature_url must be an http(s) URL or a data:image/png, data:image/jpeg or data:image/webp base64 URI'],
      ['not a url', 'signature_url must be an http(s) URL or a data:image/png, data:image/jpeg or data:image/webp base64 URI'],
      ['https://user:secret@cdn.example.com/sig.png', 'signature_url must not carry credentials'],
      [`https://cdn.example.com/${'a'.repeat(2000)}`, 'signature_url must be at most 2000 characters'],
      ['data:image/gif;base64,R0lGODlhAQABAAAAACw=', 'signature_url must be an http(s) URL or a data:image/png, data:image/jpeg or data:image/webp base64 URI'],
      ['data:image/jpeg;base64,iVBORw0KGgoAAAAA', 'signature_url must hold a JPEG image'],
      ['data:image/webp;base64,/9j/4AAQSkZJRgABAQ==', 'signature_url must hold a WebP image'],
      ['data:image/png;base64,/9j/4AAQSkZJRgABAQ==', 'signature_url must hold a PNG image'],
      ['data:image/png;base64,', 'signature_url must hold valid base64'],
      ['data:image/png;base64,iVBORw0K!!!', 'signature_url must hold valid base64'],
      ['data:image/png;base64,iVBORw0KGgo', 'signature_url must hold valid base64'],
      ['data:image/png;base64,iVBO Rw0K', 'signature_url must hold valid base64'],
      [
        `data:image/png;base64,${pngOfLength(MAX_SIGNATURE_BASE64 + 4)}`,
        `signature_url must hold at most ${MAX_SIGNATURE_BASE64} characters of base64`,
      ],
      [
        `data:image/png;base64,${pngOfLength(MAX_SIGNATURE_BASE64 * 3)}`,
        `signature_url must hold at most ${MAX_SIGNATURE_BASE64} characters of base64`,
      ],
    ];
    for (const [signature, line] of rejected) expectValidation(await transact(signature), line);
    expect(await storedSignatures()).toHaveLength(before);
  });
});
