// @vitest-environment happy-dom
/**
 * The owner ticks a role's rights in the console (issue 28 §2): one checkbox per right with its line, in the
 * language on screen; names Kassa does not use are shown as kept and stored again on save, never dropped.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../api.js';
import { RecordsPage } from '../../components/RecordsPage.js';
import { ConsoleProvider } from '../../context.js';
import { translator, type Language } from '../../i18n/index.js';
import { rolesConfig } from './index.js';

afterEach(cleanup);

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const SESSION = JSON.stringify({ token: 'token-1', user: { id: 'u1', name: 'Owner', role: 'OWNER', businessId: 'b1', login: 'owner' } });
const ROLES = [
  { id: 'r-1', name: 'Cashier', access_resources: ['REFUNDS', 'orders.view', 'STOCK'] },
  { id: 'r-2', name: 'Manager', access_resources: ['MANAGER'] },
];

function renderPage(language: Language) {
  const sent: { url: string; method: string; body: Record<string, unknown> | undefined }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, method: init.method, body: init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined });
    const answer = url.includes('/employee-role/all') ? ROLES : {};
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  render(
    <ConsoleProvider fetch={fetch} sessionStorage={memoryStorage({ 'kassa.console.session': SESSION })} preferences={memoryStorage({ 'kassa.console.language': language })}>
      <RecordsPage config={rolesConfig} />
    </ConsoleProvider>,
  );
  return sent;
}

const box = (label: string) => screen.getByRole('checkbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;

describe('the roles page', () => {
  it('lists each role’s rights in words, and the names Kassa keeps but does not use', async () => {
    const t = translator('ru');
    renderPage('ru');
    expect(await screen.findByTestId('rights-of-Cashier', {}, { timeout: 10_000 })).toHaveProperty('textContent', `${t('rights.REFUNDS')}, ${t('rights.STOCK')}`);
    expect(screen.getByTestId('rights-of-Manager').textContent).toBe(t('rights.all'));
    expect(screen.getByTestId('kept-of-Cashier').textContent).toBe(` · ${t('rights.kept')}: orders.view`);
  });

  it('saves the ticked rights with every kept name exactly as it was', async () => {
    const t = translator('uz');
    const sent = renderPage('uz');
    const edit = await screen.findAllByRole('button', { name: t('common.edit') }, { timeout: 10_000 });
    await act(async () => fireEvent.click(edit[0]!));
    expect(box(t('rights.REFUNDS')).checked).toBe(true);
    expect(box(t('rights.CASH_MOVES')).checked).toBe(false);
    expect(screen.getByTestId('kept-names').textContent).toContain('“orders.view”');
    expect(screen.getByText(t('rights.CASH_MOVES.about'))).toBeTruthy();
    fireEvent.click(box(t('rights.CASH_MOVES')));
    fireEvent.click(box(t('rights.REFUNDS')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('common.save') })));
    const patch = sent.find((request) => request.method === 'PATCH');
    expect(patch?.url).toBe('/api/v1/employee-role/update/r-1');
    expect(patch?.body).toEqual({ name: 'Cashier', access_resources: ['CASH_MOVES', 'STOCK', 'orders.view'] });
  });

  it('creates a role with the rights ticked; a manager’s other rights read as held', async () => {
    const t = translator('en');
    const sent = renderPage('en');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: t('roles.add') }, { timeout: 10_000 })));
    fireEvent.change(screen.getByLabelText(t('field.name')), { target: { value: 'Stock keeper' } });
    fireEvent.click(box(t('rights.STOCK')));
    fireEvent.click(box(t('rights.MODIFIERS')));
    fireEvent.click(box(t('rights.MANAGER')));
    expect(box(t('rights.REFUNDS')).checked).toBe(true);
    expect(box(t('rights.REFUNDS')).disabled).toBe(true);
    fireEvent.click(box(t('rights.MANAGER')));
    expect(box(t('rights.REFUNDS')).checked).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t('common.save') })));
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/v1/employee-role/create');
    expect(post?.body).toEqual({ name: 'Stock keeper', access_resources: ['STOCK', 'MODIFIERS'] });
  });
});
