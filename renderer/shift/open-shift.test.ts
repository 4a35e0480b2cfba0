/** `loadOpenShift` asks for the right till's shift, and answers only an open one. */
import { describe, expect, it } from 'vitest';
import { fakeBridge } from '../test-support.js';
import { loadOpenShift, tillWorkplace } from './open-shift.js';

const SHIFT = { id: 's-1', name: 'Morning', is_closed: false, dt_created: '2026-11-25T08:00:00.000Z', workplace_id: 'wp-1', opening_cash: '100' };

describe('the till’s open shift', () => {
  it('asks for the named workplace’s newest shift and answers it while open', async () => {
    const bridge = fakeBridge({ SettlmentController_findLatest: SHIFT });
    expect(await loadOpenShift(bridge, 'wp-1')).toEqual({ id: 's-1', name: 'Morning', openedAt: SHIFT.dt_created, workplaceId: 'wp-1', openingCash: '100' });
    expect(bridge.calls).toEqual([['SettlmentController_findLatest', { query: { workplace_id: 'wp-1' } }]]);
  });

  it('leaves the workplace to the core (the till’s own) when given none', async () => {
    const bridge = fakeBridge({ SettlmentController_findLatest: SHIFT });
    await loadOpenShift(bridge, '');
    expect(bridge.calls).toEqual([['SettlmentController_findLatest', {}]]);
  });

  it('answers null when the newest shift is closed or there is none', async () => {
    expect(await loadOpenShift(fakeBridge({ SettlmentController_findLatest: { ...SHIFT, is_closed: true } }), 'wp-1')).toBeNull();
    expect(await loadOpenShift(fakeBridge({ SettlmentController_findLatest: undefined }), 'wp-1')).toBeNull();
  });

  it('reads the workplace the till was enrolled at', async () => {
    expect(await tillWorkplace(fakeBridge({ 'terminal.enrollmentStatus': { enrolled: true, scope: { workplaceId: 'wp-9', pointId: 'p' } } }))).toBe('wp-9');
    expect(await tillWorkplace(fakeBridge({ 'terminal.enrollmentStatus': { enrolled: true } }))).toBeNull();
  });
});
