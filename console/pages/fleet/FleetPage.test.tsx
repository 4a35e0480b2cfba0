// @vitest-environment happy-dom
/**
 * The fleet page: every till with its health, red with the reason when its queue is stale or it went silent; a
 * till is disconnected only after a confirmation, and a replacement gets a new code for the same workplace.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../api.js';
import { ConsoleProvider } from '../../context.js';
import page from './index.js';

afterEach(cleanup);

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) };
}

const SESSION = JSON.stringify({ token: 'token-1', user: { id: 'u1', name: 'Owner', role: 'OWNER', businessId: 'b1', login: 'owner' } });
const NOW = '2026-11-25T12:00:00.000Z';
const health = { app_version: '0.2.0', os: 'linux 6.1', outbox_depth: 4, oldest_unsent_age_seconds: 45 * 60, needs_attention: 1, last_sync_error: { message: 'offline', at: null }, printer: { status: 'paper-out', detail: null } };
const FLEET = {
  now: NOW,
  unsent_minutes: 30,
  unseen_minutes: 60,
  terminals: [
    { id: 't1', name: 'Door', workplace_id: 'w1', workplace_name: 'Till 1', point_name: 'Chorsu', is_revoked: false, last_seen_at: '2026-11-25T11:58:00.000Z', health, alerts: ['UNSENT_TOO_OLD'] },
    { id: 't2', name: null, workplace_id: 'w2', workplace_name: 'Till 2', point_name: 'Chorsu', is_revoked: false, last_seen_at: NOW, health: { ...health, outbox_depth: 0, oldest_unsent_age_seconds: null, last_sync_error: null, printer: { status: 'ok', detail: null } }, alerts: [] },
    { id: 't3', name: null, workplace_id: 'w3', workplace_name: 'Till 3', point_name: 'Chorsu', is_revoked: false, last_seen_at: NOW, health: { ...health, outbox_depth: 0, oldest_unsent_age_seconds: null, needs_attention: 0, last_sync_error: null, printer: { status: 'ok', detail: null }, clock_skew_seconds: 2 * 365 * 86_400 }, alerts: ['CLOCK_WRONG'] },
  ],
};

function renderFleet(language: 'en' | 'uz') {
  const sent: { url: string; method: string; body: unknown }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, method: init.method, body: init.body ? JSON.parse(init.body) : undefined });
    const answer = url.startsWith('/api/v1/sync/fleet')
      ? FLEET
      : url === '/api/v1/sync/enrollment-codes'
        ? { id: 'c1', code: 'K7Q-4MZ-9TD', workplace_id: 'w1', expires_at: '2026-11-25T12:10:00.000Z' }
        : { id: 't1' };
    return new Response(JSON.stringify(answer), { status: init.method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
  };
  const Page = page.Component;
  render(
    <ConsoleProvider fetch={fetch} sessionStorage={memoryStorage({ 'kassa.console.session': SESSION })} preferences={memoryStorage({ 'kassa.console.language': language })}>
      <Page />
    </ConsoleProvider>,
  );
  return sent;
}

describe('the fleet page', () => {
  it('shows each till’s health and marks the one whose sales are not reaching the office', async () => {
    const sent = renderFleet('en');
    const red = (await screen.findByText('Sales not reaching the office')).closest('tr')!;
    expect(red.className).toBe('alert');
    expect(red.textContent).toContain('4 operations');
    expect(red.textContent).toContain('oldest 45 minutes');
    expect(red.textContent).toContain('Out of paper');
    expect(red.textContent).toContain('2 minutes ago');
    expect(screen.getAllByText('OK')[0]!.closest('tr')!.className).toBe('');
    expect(sent[0]!.url).toBe('/api/v1/sync/fleet?unsentMinutes=30&unseenMinutes=60');
  });

  it('marks a till whose clock is wrong and says how far, so the owner has it set right', async () => {
    renderFleet('en');
    const red = (await screen.findByText('Clock wrong')).closest('tr')!;
    expect(red.className).toBe('alert');
    expect(red.textContent).toContain('Clock 2 years ahead of the service: set it right at the till');
  });

  it('disconnects a till only after a confirmation, and starts a replacement with a new code for its workplace', async () => {
    const sent = renderFleet('uz');
    await screen.findByText('Savdolar ofisga yetmayapti');
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Uzish' })[0]!));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ha' })));
    expect(sent.find((request) => request.method === 'DELETE')?.url).toBe('/api/v1/sync/terminals/t1');
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Almashtirish' })[0]!));
    expect(sent.find((request) => request.url === '/api/v1/sync/enrollment-codes')?.body).toEqual({ workplaceId: 'w1' });
    expect((await screen.findByRole('status')).textContent).toContain('K7Q-4MZ-9TD');
  });
});
