/**
 * signature_url of a debt transaction: an https URL or a PNG data URI within 256 KiB of base64; anything else
 * is a 400 naming the field and nothing is stored. The server runs with the production body limit (1 MiB), so
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

  it('stores an empty signature as none', async () => {
    const response = await transact('');
    expect(response.status).toBe(201);
    expect(response.body.signature_url).toBeNull();
  });

  it('rejects anything else with a 400 naming signature_url, and stores nothing', async () => {
    const before = (await storedSignatures()).length;
    const rejected: [string, string][] = [
      ['http://cdn.example.com/sig.png', 'signature_url must be an https URL or a data:image/png;base64 URI'],
      ['ftp://cdn.example.com/sig.png', 'signature_url must be an https URL or a data:image/png;base64 URI'],
      ['javascript:alert(1)', 'signature_url must be an https URL or a data:image/png;base64 URI'],
      ['not a url', 'signature_url must be an https URL or a data:image/png;base64 URI'],
      ['https://user:secret@cdn.example.com/sig.png', 'signature_url must not carry credentials'],
      [`https://cdn.example.com/${'a'.repeat(2000)}`, 'signature_url must be at most 2000 characters'],
      ['data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==', 'signature_url must be an https URL or a data:image/png;base64 URI'],
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
