// @vitest-environment happy-dom
/**
 * The import page in the browser's shape: a file is read and previewed with each bad cell named in the user's
 * language, and "Import" sends only the good rows, through the public import operation, then says what happened.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../api.js';
import { ConsoleProvider } from '../../context.js';
import page from './index.js';

afterEach(cleanup);

const FIXTURES = join(dirname(fileURLToPath(`file://${__filename}`)), 'fixtures');

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) };
}

const SESSION = JSON.stringify({ token: 'token-1', user: { id: 'u1', name: 'Owner', role: 'OWNER', businessId: 'b1', login: 'owner' } });

function renderPage(language: 'en' | 'ru', answers: Record<string, (body: { rows: unknown[] }) => { status: number; body: unknown }>) {
  const sent: { url: string; method: string; body: { rows: { line: number; price: string }[] } }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const body = init.body ? JSON.parse(init.body) : undefined;
    sent.push({ url, method: init.method, body });
    const answer = answers[url]?.(body) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  const Page = page.Component;
  render(
    <ConsoleProvider fetch={fetch} sessionStorage={memoryStorage({ 'kassa.console.session': SESSION })} preferences={memoryStorage({ 'kassa.console.language': language })}>
      <Page />
    </ConsoleProvider>,
  );
  return sent;
}

const REFERENCES = {
  '/api/v1/measurements/all': () => ({ status: 200, body: [{ id: 'u-pcs', name: 'pcs' }, { id: 'u-kg', name: 'Kg' }] }),
  '/api/v1/warehouses/all': () => ({ status: 200, body: [{ id: 'w-main', name: 'Main' }, { id: 'w-back', name: 'Back' }] }),
};

async function chooseFixture(name: string) {
  // happy-dom gives import.meta.url an http: base; the file's own path is what we need.
  const bytes = readFileSync(join(FIXTURES, name));
  const file = new File([bytes], name);
  const input = (await screen.findByLabelText(/File to import|Файл для импорта/)) as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  await act(async () => fireEvent.change(input, { target: { files: [file] } }));
}

describe('the catalogue import page', () => {
  it('previews a file with each bad cell named, then imports only the good rows and reports the outcome', async () => {
    const sent = renderPage('en', {
      ...REFERENCES,
      '/api/v1/item-modifier/items/import': (body) => ({ status: 201, body: { created: body.rows.length, updated: 0, unchanged: 0, groups_created: 2, stock_changes: 3, items: [] } }),
    });
    await chooseFixture('catalogue-ru.csv');
    await screen.findByText('5 rows in the file, 2 with problems.');
    expect(screen.getByText('unit: “litre” is not one of your units — add it or fix the file')).toBeTruthy();
    expect(screen.getByText('barcode: barcode “4780000000011” is also on row 2')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Import 3 rows' })));
    await screen.findByText('Done: 3 created, 0 updated, 0 unchanged.');
    const imports = sent.filter((request) => request.url.endsWith('/items/import'));
    expect(imports).toHaveLength(1);
    expect(imports[0]!.body.rows.map((row: { line: number; price: string }) => [row.line, row.price])).toEqual([[2, '12500.50'], [3, '0.3'], [5, '1.5']]);
  });

  it('says in Russian which rows the service refused, so the file can be fixed and imported again', async () => {
    renderPage('ru', {
      ...REFERENCES,
      '/api/v1/item-modifier/items/import': () => ({ status: 400, body: { statusCode: 400, message: ['rows.0.unit "pcs" is not a unit of this business (row 2)'], detail: null, path: '', timestamp: '' } }),
    });
    await chooseFixture('catalogue-ru.csv');
    await screen.findByText('В файле 5 строк, с ошибками: 2 строки.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Импортировать 3 строки' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Сервис отклонил строки 2–5');
  });
});
