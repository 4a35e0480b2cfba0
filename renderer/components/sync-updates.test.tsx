// @vitest-environment happy-dom
/**
 * The sync bar says how other tills' changes reach this one (docs/sync.md, "Pokes"): at once while the poke
 * connection is live, every 30 s while it polls — in three languages, and not at all while offline, where neither
 * is true.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatusPayload } from '../../shared/terminal-contract.js';
import { fakeBridge, ONLINE, renderWith } from '../test-support.js';
import { SyncBar } from './SyncBar.js';

afterEach(cleanup);

const status = (change: Partial<SyncStatusPayload>): SyncStatusPayload => ({ ...ONLINE, ...change });

describe('live updates in the sync bar', () => {
  it('says "Live updates" while the poke connection is up and "Updates every 30 s" while polling', () => {
    const { store } = renderWith(fakeBridge(), <SyncBar onOpenInbox={() => undefined} />);
    act(() => store.setState({ language: 'en', sync: status({ updates: 'live' }) }));
    expect(screen.getByTestId('sync-updates').textContent).toBe('Live updates');
    expect(screen.getByTestId('sync-status').dataset.updates).toBe('live');
    act(() => store.setState({ sync: status({ updates: 'polling' }) }));
    expect(screen.getByTestId('sync-updates').textContent).toBe('Updates every 30 s');
    expect(screen.getByTestId('sync-status').dataset.updates).toBe('polling');
  });

  it('says it in Russian and Uzbek too', () => {
    const { store } = renderWith(fakeBridge(), <SyncBar onOpenInbox={() => undefined} />);
    act(() => store.setState({ language: 'ru', sync: status({ updates: 'live' }) }));
    expect(screen.getByTestId('sync-updates').textContent).toBe('Обновления сразу');
    act(() => store.setState({ language: 'uz', sync: status({ updates: 'polling' }) }));
    expect(screen.getByTestId('sync-updates').textContent).toBe('Har 30 soniyada yangilanadi');
  });

  it('says neither while offline or failing, nor for an older core that does not tell', () => {
    const { store } = renderWith(fakeBridge(), <SyncBar onOpenInbox={() => undefined} />);
    act(() => store.setState({ language: 'en', sync: status({ online: false, updates: 'polling', problem: 'no-network', problemSince: '2026-11-26T03:00:00.000Z' }) }));
    expect(screen.queryByTestId('sync-updates')).toBeNull();
    act(() => store.setState({ sync: status({}) }));
    expect(screen.queryByTestId('sync-updates')).toBeNull();
  });
});
