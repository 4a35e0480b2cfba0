// @vitest-environment happy-dom
/**
 * The owner sets a client's credit limit in the console (issue 16, the limit the till enforces on a sale on
 * account): the form shows the stored limit the language's way and saves exactly the decimal string meant, an
 * emptied limit is sent as null (no limit), and the service's refusal of the limit appears next to that field.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../api.js';
import { RecordsPage } from '../../components/RecordsPage.js';
import { ConsoleProvider } from '../../context.js';
import { translator, type Language } from '../../i18n/index.js';
import { clientsConfig } from './index.js';

afterEach(cleanup);

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const SESSION = JSON.stringify({
  token: 'token-1',
  user: { id: 'u1', name: 'Owner', role: 'OWNER', businessId: 'b1', login: 'owner' },
});
const CLIENT = { id: 'c-1', full_name: 'Sardor Rahimov', phone_number: '+998 93 700 11 22', credit_limit: '1500000.5' };

/** The page against a fake service; `refuse` answers every write with that 400. */
function renderPage(language: Language, refuse?: string) {
  const sent: { url: string; method: string; body: Record<string, unknown> | undefined }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, method: init.method, body: init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined });
    if (refuse && init.method !== 'GET') {
      return new Response(JSON.stringify({ statusCode: 400, message: [refuse], path: url, timestamp: '', detail: null }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    }
    const answer = url.includes('/clients/all') ? [CLIENT] : {};
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  render(
    <ConsoleProvider
      fetch={fetch}
      sessionStorage={memoryStorage({ 'kassa.console.session': SESSION })}
      preferences={memoryStorage({ 'kassa.console.language': language })}
    >
      <RecordsPage config={clientsConfig} />
    </ConsoleProvider>,
  );
  return sent;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function openEditor(t: ReturnType<typeof translator>) {
  const edit = await screen.findByRole('button', { name: t('common.edit') }, { timeout: 10_000 });
  await act(async () => fireEvent.click(edit));
}

describe('a client’s credit limit in the console', () => {
  it('shows the stored limit the language’s way and saves a changed one as the exact decimal string', async () => {
    const t = translator('ru');
    const sent = renderPage('ru');
    await openEditor(t);
    expect(input(t('field.creditLimit')).value).toBe('1\u00a0500\u00a0000,5');
    fireEvent.change(input(t('field.creditLimit')), { target: { value: '98 765 432 109 876 543,21' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('common.save') })));
    const patch = sent.find((request) => request.method === 'PATCH');
    expect(patch?.url).toBe('/api/v1/clients/update/c-1');
    // Beyond a float's precision: only string arithmetic keeps it.
    expect(patch?.body).toMatchObject({ full_name: 'Sardor Rahimov', credit_limit: '98765432109876543.21' });
  });

  it('sends an emptied limit as null: the client then has no limit', async () => {
    const t = translator('en');
    const sent = renderPage('en');
    await openEditor(t);
    fireEvent.change(input(t('field.creditLimit')), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('common.save') })));
    expect(sent.find((request) => request.method === 'PATCH')?.body).toMatchObject({ credit_limit: null });
  });

  it('sets a limit on a new client, sent as the exact decimal string', async () => {
    const t = translator('en');
    const sent = renderPage('en');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: t('clients.add') }, { timeout: 10_000 })));
    fireEvent.change(input(t('field.fullName')), { target: { value: 'Dilnoza' } });
    fireEvent.change(input(t('field.creditLimit')), { target: { value: '250,000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('common.save') })));
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ full_name: 'Dilnoza', credit_limit: '250000' });
  });

  it('shows the service’s refusal of the limit next to the limit field, in the user’s language', async () => {
    const t = translator('en');
    renderPage('en', 'credit_limit must have at most 2 decimal places');
    await openEditor(t);
    fireEvent.change(input(t('field.creditLimit')), { target: { value: '10.5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('common.save') })));
    const field = input(t('field.creditLimit'));
    await screen.findByRole('alert');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy!)?.textContent).toContain(t('problem.decimalPlaces', { count: 2 }));
  });
});
