/**
 * The checkers the disasters added (sim/checks/disasters.ts) and the parts of the older ones they changed, against
 * states made by hand: a run where every disaster went as the product promises passes, and each way the product
 * could break its promise — a restore nobody was told of, an operation it took back and never saw again, an office
 * request it took back counted anyway, a copy of a till that kept selling, a clock jump nobody saw — fails with a
 * message that says which. (A checker that cannot fail checks nothing.)
 */
import { describe, expect, it } from 'vitest';
import { conservationModel, noSilentLoss, type CheckResult } from '../../sim/checks/checkers.js';
import type { CheckInput, ServerMutation, TerminalState } from '../../sim/checks/collect.js';
import { disastersReported } from '../../sim/checks/disasters.js';
import type { BackOfficeEvent } from '../../sim/back-office.js';
import type { HistoryEvent } from '../../sim/history.js';
import type { SimTerminalSeat, SimWorld } from '../../sim/world.js';

const TWO_YEARS = 730 * 86_400_000;
const iso = (t: number) => new Date(t).toISOString();
const seat = (name: string): SimTerminalSeat => ({ name, workplaceId: `wp-${name}`, pointId: 'p1', warehouseId: 'w1', employeeId: 'e1', pin: '4100', lwwField: null });
const world = {
  businessId: 'b1',
  points: [{ id: 'p1', warehouseId: 'w1' }],
  centralWarehouseId: 'wc',
  hotItems: [],
  coldItems: [],
  countItems: [],
  lwwItems: [],
  clients: ['c1'],
  debtMethodId: 'dm',
  seats: [seat('t1')],
} as unknown as SimWorld;

/** A debt entry of `amount` for the one client: an operation whose effect the model can sum. */
const debt = (amount: string) => ({ client_id: 'c1', debt_amount: amount, employee_id: 'e1', id_automated_point: 'p1' });
const ok = (i: number, id: string, amount: string, t: number): HistoryEvent[] => [
  { k: 'invoke', i, name: 'ClientDebtController_createTransaction', params: {}, body: debt(amount), t },
  { k: 'ok', i, name: 'ClientDebtController_createTransaction', mutationId: id, seq: i, epoch: 'e', occurredAt: iso(t), params: {}, body: debt(amount), basis: null, t },
];
const applied = (id: string, amount: string, terminalId: string, seq: number): ServerMutation => ({
  terminalId,
  epoch: 'e',
  seq,
  mutationId: id,
  name: 'ClientDebtController_createTransaction',
  args: { args: debt(amount), params: null, basis: null },
  occurredAt: iso(seq),
  status: 'applied',
  result: null,
  version: BigInt(seq),
});
const office = (amount: string, t: number): BackOfficeEvent => ({ name: 'ClientDebtController_createTransaction', path: '/client-debts/transactions/create', body: debt(amount), outcome: 'ok', status: 201, id: null, t });
const till = (name: string, terminalId: string, history: HistoryEvent[], incidents: TerminalState['incidents'] = []): TerminalState => ({
  seat: seat(name),
  terminalId,
  epoch: 'e',
  outbox: [],
  inbox: [],
  tables: new Map(),
  columns: new Map(),
  history,
  incidents,
});

/**
 * One run as it should go. t1 sells A (then taken back by the service's restore and sent again), has its clock jump
 * two years ahead from 2 s to 3 s and sells B meanwhile; t1c, a copy of t1, sells C, is told, refuses its next
 * operation, is enrolled as a new till and sells D. The office books 16 (kept) and 32 (taken back by the restore).
 */
function goodRun(): CheckInput {
  const t1 = till(
    't1',
    'term-1',
    [
      { k: 'start', pid: 1, incarnation: 1, skewMs: 0, t: 1_000 },
      ...ok(1, 'A', '1', 1_500),
      { k: 'clock-set', skewMs: TWO_YEARS, t: 2_000 },
      { k: 'clock-seen', skewMs: TWO_YEARS - 40, t: 2_100 },
      ...ok(2, 'B', '2', 2_500),
      { k: 'clock-set', skewMs: 0, t: 3_000 },
      { k: 'clock-seen', skewMs: null, t: 3_100 },
    ],
    [{ id: 'inc-1', kind: 'SERVICE_REWOUND', detail: { generation: 'g1', resent: 1, lost: 0 }, reportedAt: iso(6_000) }],
  );
  const t1c = till('t1c', 'term-2', [
    { k: 'start', pid: 2, incarnation: 1, skewMs: 0, t: 4_000 },
    ...ok(1, 'C', '4', 4_100),
    { k: 'copy-told', detectedAt: iso(4_200), t: 4_200 },
    { k: 'invoke', i: 2, name: 'ClientDebtController_createTransaction', params: {}, body: debt('64'), t: 4_300 },
    { k: 'refused', i: 2, name: 'ClientDebtController_createTransaction', status: 409, message: 'a copy', code: 'TILL_COPY', t: 4_300 },
    { k: 'enrolled', terminalId: 'term-2', workplaceId: 'wp-new', t: 4_500 },
    ...ok(3, 'D', '8', 4_600),
  ]);
  return {
    protocol: 'core',
    world,
    server: {
      mutations: [applied('A', '1', 'term-1', 1), applied('B', '2', 'term-1', 2), applied('C', '4', 'term-1', 3), applied('D', '8', 'term-2', 1)],
      clients: [],
      tables: new Map([['client_debts', [{ id: 'd1', client_id: 'c1', debt_amount: '3100', is_deleted: '0' }]]]),
      moveIds: [],
      txnIds: [],
      retention: { floor: 0n, head: 0n },
      warnings: [
        { action: 'SERVICE_RESTORED', details: { generation: 'g1' } },
        { action: 'SERVICE_REWOUND', details: { incidentId: 'inc-1' } },
        { action: 'TILL_COPY_DETECTED', details: { installId: 'inst-c' } },
      ],
      incidents: [
        { terminalId: 'term-1', id: 'inc-1', kind: 'SERVICE_REWOUND', detail: {} },
        { terminalId: 'term-1', id: 'copy:inst-c', kind: 'TILL_COPY_DETECTED', detail: {} },
      ],
      generation: 'g1',
      health: [{ terminalId: 'term-1', clockSkewSeconds: null }],
    },
    terminals: [t1, t1c],
    backOffice: [office('16', 1_200), office('32', 1_800)],
    liveness: [],
    drainBoundMs: 60_000,
    crashes: [],
    disasters: [
      { kind: 'restore-service', method: 'operator', generationBefore: 'g0', generationAfter: 'g1', lostMutations: ['A'], tookBack: true, backOfficeLost: [1, 2], tills: ['t1'], backupAt: 1_000, restoredAt: 1_900 },
      { kind: 'clone-till', original: 't1', copy: 't1c', installId: 'inst-c', terminalId: 'term-1', enrolledAs: 'term-2', enrollError: null },
      { kind: 'clock-jump', terminal: 't1', terminalId: 'term-1', baseMs: 0, jumpedMs: TWO_YEARS, from: 2_000, to: 3_000, fleetSkewSeconds: TWO_YEARS / 1000 },
    ],
  };
}

/** The run, changed by `breakIt` (on a fresh copy). */
function broken(breakIt: (input: CheckInput & { server: any; terminals: any[]; disasters: any[] }) => void): CheckInput {
  const input = goodRun();
  breakIt(input as never);
  return input;
}

const failsWith = (result: CheckResult, pattern: RegExp) => {
  expect(result.status, result.summary).toBe('FAIL');
  expect(result.details.join('\n')).toMatch(pattern);
};

describe('the checkers of the disasters, against states made by hand', () => {
  it('pass a run where every disaster went as promised', () => {
    for (const check of [disastersReported, noSilentLoss, conservationModel]) expect(check(goodRun()), check(goodRun()).details.join('\n')).toMatchObject({ status: 'PASS' });
    expect(disastersReported(goodRun()).summary).toMatch(/restore \(operator\) announced, 1 tills reported it .*copy t1c of t1 told and recorded once, enrolled as a new till/);
  });

  it('have nothing to say of a run without disasters', () => {
    expect(disastersReported({ ...goodRun(), disasters: [] }).status).toBe('N/A');
  });

  describe('a restore of the service', () => {
    it('fails when the office was never told the service was restored', () => {
      failsWith(disastersReported(broken((run) => (run.server.warnings = run.server.warnings.filter((entry: any) => entry.action !== 'SERVICE_RESTORED')))), /0 SERVICE_RESTORED entries/);
    });
    it('fails when the service did not notice (its generation stayed)', () => {
      failsWith(disastersReported(broken((run) => (run.disasters[0].generationAfter = 'g0'))), /stayed on generation g0: it did not notice/);
    });
    it('fails when a restore is announced that did not happen', () => {
      failsWith(disastersReported(broken((run) => run.server.warnings.push({ action: 'SERVICE_RESTORED', details: { generation: 'g2' } }))), /announces 2 restores of the service; 1 happened/);
    });
    it('fails when a till that synced across it never said so', () => {
      failsWith(disastersReported(broken((run) => (run.terminals[0].incidents = []))), /t1: no SERVICE_REWOUND incident naming generation g1/);
    });
    it('fails when a till says acknowledged operations were lost', () => {
      failsWith(disastersReported(broken((run) => (run.terminals[0].incidents[0].detail.lost = 2))), /says 2 acknowledged operations were lost/);
    });
    it('fails when a till’s report never reached the service or the office’s log', () => {
      failsWith(disastersReported(broken((run) => (run.server.incidents = run.server.incidents.filter((incident: any) => incident.id !== 'inc-1')))), /inc-1 is not recorded at the service/);
      failsWith(disastersReported(broken((run) => (run.server.warnings = run.server.warnings.filter((entry: any) => entry.action !== 'SERVICE_REWOUND')))), /no SERVICE_REWOUND entry in the office's log/);
    });
    it('fails when an operation it took back never came back (it is no longer excused as lost)', () => {
      const result = noSilentLoss(broken((run) => (run.server.mutations = run.server.mutations.filter((mutation: any) => mutation.mutationId !== 'A'))));
      failsWith(result, /operation A: the service held it before it was restored \(operator\) and does not hold it now/);
      expect(result.details.join('\n')).toMatch(/t1: ClientDebtController_createTransaction A .* silently lost/);
    });
    it('fails when an office request it took back is still in effect', () => {
      // The service still holds the 32 the office booked between the backup and the restore.
      failsWith(conservationModel(broken((run) => (run.server.tables.get('client_debts')[0].debt_amount = '6300'))), /debt of c1: expected 3100, the service holds 6300/);
    });
  });

  describe('a copy of a till', () => {
    it('fails when the copy was never told', () => {
      failsWith(disastersReported(broken((run) => (run.terminals[1].history = run.terminals[1].history.filter((event: HistoryEvent) => event.k !== 'copy-told')))), /t1c: never told it is a copy of t1/);
    });
    it('fails when the copy took an operation after it was told', () => {
      failsWith(
        disastersReported(
          broken((run) => {
            const history: HistoryEvent[] = run.terminals[1].history;
            const at = history.findIndex((event) => event.k === 'refused');
            history.splice(at, 1, ok(2, 'E', '64', 4_300)[1]!);
          }),
        ),
        /t1c: took ClientDebtController_createTransaction E after it was told it is a copy/,
      );
    });
    it('fails when the till it was copied from was told it is the copy', () => {
      failsWith(disastersReported(broken((run) => run.terminals[0].history.push({ k: 'copy-told', detectedAt: iso(5_000), t: 5_000 }))), /t1: told it is a copy, but it is the till the copy was made from/);
    });
    it('fails when the service recorded the copy twice, or not at all', () => {
      failsWith(disastersReported(broken((run) => run.server.incidents.push({ terminalId: 'term-1', id: 'copy:inst-c', kind: 'TILL_COPY_DETECTED', detail: {} }))), /recorded 2 TILL_COPY_DETECTED incidents/);
      failsWith(disastersReported(broken((run) => (run.server.warnings = run.server.warnings.filter((entry: any) => entry.action !== 'TILL_COPY_DETECTED')))), /0 TILL_COPY_DETECTED entries in the office's log/);
    });
    it('fails when the copy could not be enrolled as a new till', () => {
      failsWith(disastersReported(broken((run) => Object.assign(run.disasters[1], { enrolledAs: null, enrollError: 'the service answered 409' }))), /could not be enrolled as a new till: the service answered 409/);
    });
  });

  describe('a clock jump', () => {
    it('fails when the till never said its clock was off', () => {
      failsWith(disastersReported(broken((run) => (run.terminals[0].history = run.terminals[0].history.filter((event: HistoryEvent) => !(event.k === 'clock-seen' && event.skewMs !== null))))), /730 days off .* and the till never said so/);
    });
    it('fails when the office’s fleet page never showed it', () => {
      failsWith(disastersReported(broken((run) => (run.disasters[2].fleetSkewSeconds = null))), /the office's fleet page never showed its clock as wrong/);
    });
    it('fails when an operation rung meanwhile is dated by the wrong clock', () => {
      failsWith(
        disastersReported(
          broken((run) => {
            const sale = run.terminals[0].history.find((event: HistoryEvent) => event.k === 'ok' && event.mutationId === 'B');
            sale.occurredAt = iso(2_500 + TWO_YEARS);
          }),
        ),
        /ClientDebtController_createTransaction B committed while its clock was off is dated/,
      );
    });
    it('fails when the till still says it is off after it was put right, or the fleet page ends showing it', () => {
      failsWith(disastersReported(broken((run) => run.terminals[0].history.push({ k: 'clock-seen', skewMs: TWO_YEARS, t: 9_000 }))), /still said its clock was 730 days off/);
      failsWith(disastersReported(broken((run) => (run.server.health = [{ terminalId: 'term-1', clockSkewSeconds: TWO_YEARS / 1000 }]))), /the fleet page ends showing its clock 63072000 s off/);
    });
  });
});
