// @vitest-environment happy-dom
/**
 * Deleting a point retires its workplaces and stops their tills (issue 28 §4): the console says so beside the
 * delete's confirmation, in the owner's language, before anything is sent.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../api.js';
import { RecordsPage } from '../../components/RecordsPage.js';
import { ConsoleProvider } from '../../context.js';
import { translator } from '../../i18n/index.js';
import { pointsConfig } from './index.js';

afterEach(cleanup);

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) };
}

const SESSION = JSON.stringify({ token: 'token-1', user: { id: 'u1', name: 'Owner', role: 'OWNER', businessId: 'b1', login: 'owner' } });

describe('deleting a point in the console', () => {
  it('warns that the point’s tills stop working, and sends the delete only when confirmed', async () => {
    for (const language of ['ru', 'en', 'uz'] as const) {
      const t = translator(language);
      const sent: { url: string; method: string }[] = [];
      const fetch: FetchLike = async (url, init) => {
        sent.push({ url, method: init.method });
        const answer = url.includes('/points/all') ? [{ id: 'p-1', name: 'Chilonzor', default_warehouse_id: null }] : url.includes('/warehouses') ? [] : {};
        return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
      };
      render(
        <ConsoleProvider fetch={fetch} sessionStorage={memoryStorage({ 'kassa.console.session': SESSION })} preferences={memoryStorage({ 'kassa.console.language': language })}>
          <RecordsPage config={pointsConfig} />
        </ConsoleProvider>,
      );
      const remove = await screen.findByRole('button', { name: t('common.delete') }, { timeout: 10_000 });
      await act(async () => fireEvent.click(remove));
      expect(screen.getByRole('alert').textContent).toContain(t('points.deleteWarning'));
      expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
      cleanup();
    }
  });
});
