// @vitest-environment happy-dom
/**
 * The fleet page: every till with its health, red with the reason when its queue is stale or it went silent; a
 * till is disconnected only after a confirmation, and a replacement gets a new code for the same workplace. After a
 * disaster: a banner for a restored service and for each copy at work, and each till's incidents in words, in uz, ru
 * and en.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../api.js';
import { ConsoleProvider } from '../../context.js';
import { translator, type Language } from '../../i18n/index.js';
import { showDate, showTime } from '../../lib/dates.js';
import page from './index.js';

afterEach(cleanup);

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) };
}

const SESSION = JSON.stringify({ token: 'token-1', user: { id: 'u1', name: 'Owner', role: 'OWNER', businessId: 'b1', login: 'owner' } });
const NOW = '2026-11-25T12:00:00.000Z';
const health = { app_version: '0.2.0', os: 'linux 6.1', outbox_depth: 4, oldest_unsent_age_seconds: 45 * 60, needs_attention: 1, last_sync_error: { message: 'offline', at: null }, printer: { status: 'paper-out', detail: null } };
const SERVICE = { generation: 'g1', since: '2026-11-01T00:00:00.000Z', reason: 'created', previous: null, restored: false, tills_affected: 0, tills_not_reconciled: 0 };
const quiet = { ...health, outbox_depth: 0, oldest_unsent_age_seconds: null, needs_attention: 0, last_sync_error: null, printer: { status: 'ok', detail: null } };
const FLEET = {
  now: NOW,
  unsent_minutes: 30,
  unseen_minutes: 60,
  service: SERVICE,
  terminals: [
    { id: 't1', name: 'Door', workplace_id: 'w1', workplace_name: 'Till 1', point_name: 'Chorsu', is_revoked: false, last_seen_at: '2026-11-25T11:58:00.000Z', health, incidents: [], alerts: ['UNSENT_TOO_OLD'] },
    { id: 't2', name: null, workplace_id: 'w2', workplace_name: 'Till 2', point_name: 'Chorsu', is_revoked: false, last_seen_at: NOW, health: { ...health, outbox_depth: 0, oldest_unsent_age_seconds: null, last_sync_error: null, printer: { status: 'ok', detail: null } }, incidents: [], alerts: [] },
    { id: 't3', name: null, workplace_id: 'w3', workplace_name: 'Till 3', point_name: 'Chorsu', is_revoked: false, last_seen_at: NOW, health: { ...quiet, clock_skew_seconds: 2 * 365 * 86_400 }, incidents: [], alerts: ['CLOCK_WRONG'] },
  ],
};

const RESTORED_AT = '2026-11-24T14:02:00.000Z';
const incident = (id: string, kind: string, detail: Record<string, unknown>) => ({ id, kind, occurred_at: RESTORED_AT, received_at: RESTORED_AT, detail });
/** After a restore three days ago: 2 of 5 tills caught up, one sent 6 operations again, one lost 2, one has a copy at work. */
const DISASTERS = {
  ...FLEET,
  service: { ...SERVICE, since: RESTORED_AT, reason: 'restored from kassa-2026-11-23.sqlite', previous: 'g0', restored: true, tills_affected: 5, tills_not_reconciled: 3 },
  terminals: [
    { ...FLEET.terminals[1]!, id: 'resent', workplace_name: 'Market — 1-kassa', point_name: 'Bahor Market', health: quiet, incidents: [incident('i1', 'SERVICE_REWOUND', { cause: 'SERVICE_REWOUND', resent: 6, lost: 0, lostSeqs: null })], alerts: [] },
    { ...FLEET.terminals[1]!, id: 'lost', workplace_name: 'Market — 2-kassa', point_name: 'Bahor Market', health: quiet, incidents: [incident('i2', 'SERVICE_REWOUND', { cause: 'SERVICE_REWOUND', resent: 3, lost: 2, lostSeqs: 'e-3f9c: 4–5' })], alerts: ['RESTORE_LOSS'] },
    { ...FLEET.terminals[1]!, id: 'copied', workplace_name: 'Market — 3-kassa', point_name: 'Bahor Market', health: quiet, incidents: [incident('copy:x', 'TILL_COPY_DETECTED', { installId: 'x', boundInstallId: 'y' })], alerts: ['COPY_DETECTED'] },
  ],
};

function renderFleet(language: Language, fleet: unknown = FLEET) {
  const sent: { url: string; method: string; body: unknown }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, method: init.method, body: init.body ? JSON.parse(init.body) : undefined });
    const answer = url.startsWith('/api/v1/sync/fleet')
      ? fleet
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

  it.each(['uz', 'ru', 'en'] as const)('in %s, says the service was restored and how many tills have sent again what it lost', async (language) => {
    const t = translator(language);
    renderFleet(language, DISASTERS);
    const banner = await screen.findByRole('status');
    const at = { date: showDate(RESTORED_AT, language), time: showTime(RESTORED_AT, language) };
    expect(banner.textContent).toBe(`${t('fleet.restoredFrom', { ...at, file: 'kassa-2026-11-23.sqlite' })} ${t('fleet.restoredProgress', { done: 2, total: 5 })}`);
    expect(banner.className).toContain('warn');
  });

  it('says the restore in the owner’s words: from a backup, found at start, and once every till has caught up', async () => {
    renderFleet('en', { ...DISASTERS, service: { ...DISASTERS.service, tills_not_reconciled: 0 } });
    expect((await screen.findByRole('status')).textContent).toMatch(/^The service’s database was restored from the backup kassa-2026-11-23\.sqlite on .+\. Every till has sent again what it lost\.$/);
    cleanup();
    renderFleet('en', { ...DISASTERS, service: { ...DISASTERS.service, reason: 'detected: another copy of the database: its file was replaced' } });
    expect((await screen.findByRole('status')).textContent).toMatch(/^On .+ the service started on another copy of its database \(restored from a backup or moved\)\. Tills send again what it lost: 2 of 5 have done so\.$/);
    cleanup();
    renderFleet('en', { ...DISASTERS, service: { ...DISASTERS.service, restored: false } });
    await screen.findByText('Market — 3-kassa');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each(['uz', 'ru', 'en'] as const)('in %s, names the till whose copy uses its connection in a red banner, and says each till’s incidents in its row', async (language) => {
    const t = translator(language);
    renderFleet(language, DISASTERS);
    const copy = await screen.findByRole('alert');
    expect(copy.textContent).toBe(t('fleet.copyBanner', { till: 'Market — 3-kassa' }));
    expect(copy.className).toContain('danger');
    // A till's body: its row, and its incidents on a line each under it.
    const till = (n: number) => screen.getByText(`Market — ${n}-kassa`).closest('tbody')!;
    const resent = till(1);
    expect(resent.querySelector('tr')!.className).toBe('');
    expect(resent.textContent).toContain(t('fleet.incident.resent', { count: 6 }));
    expect(resent.textContent).toContain(`${showDate(RESTORED_AT, language)} ${showTime(RESTORED_AT, language)}`);
    expect(resent.querySelector('.incident.red')).toBeNull();
    const lost = till(2);
    expect(lost.querySelector('tr')!.className).toBe('alert');
    expect(lost.textContent).toContain(t('fleet.alert.RESTORE_LOSS'));
    expect(lost.textContent).toContain(t('fleet.incident.resent', { count: 3 }));
    const lostLine = [...lost.querySelectorAll('.incident.red')].map((line) => line.textContent);
    expect(lostLine).toEqual([expect.stringContaining(t('fleet.incident.lostSeqs', { count: 2, seqs: '4–5' }))]);
    const copied = till(3);
    expect(copied.textContent).toContain(t('fleet.alert.COPY_DETECTED'));
    expect(copied.querySelector('.incident.red')?.textContent).toContain(t('fleet.incident.copy'));
  });

  it('writes the English the operator reads', async () => {
    renderFleet('en', DISASTERS);
    await screen.findByRole('alert');
    expect(screen.getByRole('alert').textContent).toBe(
      'A copy of till “Market — 3-kassa” is using its connection (another computer or folder). The copy takes no new sales and must be connected as a new till; everything it sold is kept.',
    );
    expect(screen.getByText('Market — 1-kassa').closest('tbody')!.textContent).toContain('Sent again 6 operations the service lost in a restore');
    expect(screen.getByText('Market — 2-kassa').closest('tbody')!.textContent).toContain('2 operations could not be recovered (seq 4–5): they were older than this till keeps');
  });

  it('says a copy that was dealt with without red, and a kind it does not know by its name', async () => {
    const copied = { ...DISASTERS.terminals[2]!, alerts: [], incidents: [...DISASTERS.terminals[2]!.incidents, incident('c1', 'CLOCK_JUMP', {})] };
    renderFleet('en', { ...DISASTERS, terminals: [copied] });
    const row = (await screen.findByText('Market — 3-kassa')).closest('tbody')!;
    expect(screen.queryByRole('alert')).toBeNull();
    expect(row.querySelector('.incident.red')).toBeNull();
    expect(row.textContent).toContain('A copy used this till’s connection; it no longer can');
    expect(row.textContent).toContain('Incident: CLOCK_JUMP');
  });
});
