/**
 * "Disasters reported": each disaster of the run (../disasters.ts) was said where people look, and the tills did
 * what the product promises about it (docs/sync.md, "A service restored from an older backup", "A cloned till",
 * "A till's clock jumps"). Whether anything was lost or doubled is the other checkers' part.
 *
 * - A service restore: the service is on a new generation; the business's WARNING log has one `SERVICE_RESTORED`
 *   naming it (and no restore is announced that did not happen); every till that ran across it keeps a
 *   `SERVICE_REWOUND` incident naming that generation, reported and recorded at the service (an incident and a WARNING
 *   entry), that lost nothing.
 * - A copy of a till: it was told; it took no operation between being told and being enrolled as a new till (each
 *   was refused `TILL_COPY`); the till it was copied from was never told; the service recorded the copy exactly once
 *   (`TILL_COPY_DETECTED`, an incident and a WARNING entry); and a copy the office connected as a new till is that till.
 * - A clock jump: the till said its clock was off by about the jump while it was, and dated its operations by the
 *   sane clock meanwhile; the office's fleet page showed it; once put right, the till stopped saying it, and its last
 *   report shows its clock as it is.
 */
import { CLOCK_SKEW_THRESHOLD_MS } from '../../main/terminal/till-clock.js';
import type { CloneRecord, ClockJumpRecord, ServiceRestoreRecord } from '../disasters.js';
import type { HistoryEvent } from '../history.js';
import type { CheckInput, TerminalState } from './collect.js';
import type { CheckResult } from './result.js';

/** How close a reported skew must be to the one set: a round trip's delay and the minute's rounding, with room. */
const SKEW_TOLERANCE_MS = 10 * 60_000;
/** A status read just before the clock was put right may be written just after. */
const AFTER_GRACE_MS = 3_000;

const near = (reported: number | null, expected: number) => (Math.abs(expected) <= CLOCK_SKEW_THRESHOLD_MS ? reported === null || Math.abs(reported - expected) < SKEW_TOLERANCE_MS : reported !== null && Math.abs(reported - expected) < SKEW_TOLERANCE_MS);

function serviceRestore(input: CheckInput, record: ServiceRestoreRecord, problems: string[]): string {
  const { server } = input;
  // A backup that held everything the service had (it took nothing in between) is a restore nobody can notice.
  if (!record.tookBack) return `restore (${record.method}) of a backup that held everything: nothing to notice`;
  const restored = server.warnings.filter((entry) => entry.action === 'SERVICE_RESTORED');
  if (!record.generationAfter || record.generationAfter === record.generationBefore) problems.push(`restore (${record.method}): the service stayed on generation ${record.generationBefore}: it did not notice it was restored`);
  else if (restored.filter((entry) => entry.details.generation === record.generationAfter).length !== 1)
    problems.push(`restore (${record.method}): ${restored.filter((entry) => entry.details.generation === record.generationAfter).length} SERVICE_RESTORED entries in the office's log name generation ${record.generationAfter}, expected 1`);
  let resent = 0;
  for (const name of record.tills) {
    const till = input.terminals.find((terminal) => terminal.seat.name === name);
    if (!till) continue;
    const incidents = till.incidents.filter((incident) => incident.kind === 'SERVICE_REWOUND' && incident.detail.generation === record.generationAfter);
    if (incidents.length === 0) {
      problems.push(`${name}: no SERVICE_REWOUND incident naming generation ${record.generationAfter} (it has: ${till.incidents.map((incident) => incident.kind).join(', ') || 'none'})`);
      continue;
    }
    for (const incident of incidents) {
      resent += Number(incident.detail.resent ?? 0);
      if (Number(incident.detail.lost ?? 0) !== 0) problems.push(`${name}: its SERVICE_REWOUND incident says ${String(incident.detail.lost)} acknowledged operations were lost (${String(incident.detail.lostSeqs)})`);
      if (incident.reportedAt === null) problems.push(`${name}: its SERVICE_REWOUND incident ${incident.id} was never reported to the service`);
      if (!server.incidents.some((recorded) => recorded.id === incident.id && recorded.kind === 'SERVICE_REWOUND')) problems.push(`${name}: its SERVICE_REWOUND incident ${incident.id} is not recorded at the service`);
      if (!server.warnings.some((entry) => entry.action === 'SERVICE_REWOUND' && entry.details.incidentId === incident.id)) problems.push(`${name}: no SERVICE_REWOUND entry in the office's log for its incident ${incident.id}`);
    }
  }
  return `restore (${record.method}) announced, ${record.tills.length} tills reported it (${resent} operations sent again; the service had lost ${record.lostMutations.length})`;
}

/** The events of one history from the first matching `from` on (inclusive), up to the first matching `to` (exclusive). */
function between(history: readonly HistoryEvent[], from: (event: HistoryEvent) => boolean, to: (event: HistoryEvent) => boolean): HistoryEvent[] {
  const start = history.findIndex(from);
  if (start < 0) return [];
  const end = history.findIndex((event, index) => index > start && to(event));
  return history.slice(start, end < 0 ? undefined : end);
}

function clone(input: CheckInput, record: CloneRecord, problems: string[]): string {
  const copy = input.terminals.find((terminal) => terminal.seat.name === record.copy);
  const original = input.terminals.find((terminal) => terminal.seat.name === record.original);
  if (!copy || !original) {
    problems.push(`copy of ${record.original}: the till or its copy is missing from the run's end`);
    return '';
  }
  const told = copy.history.find((event) => event.k === 'copy-told');
  if (!told) problems.push(`${record.copy}: never told it is a copy of ${record.original}`);
  // Between being told and enrolled anew, every operation the copy was asked for was refused as a copy's.
  const whileCopy = between(copy.history, (event) => event.k === 'copy-told', (event) => event.k === 'enrolled');
  // Operations asked for after it was told (numbered per process: a restart starts again from 1).
  const invoked = new Set<number>();
  for (const event of whileCopy) {
    if (event.k === 'start') invoked.clear();
    if (event.k === 'invoke') invoked.add(event.i);
    if (event.k === 'ok' && invoked.has(event.i)) problems.push(`${record.copy}: took ${event.name} ${event.mutationId} after it was told it is a copy`);
    if (event.k === 'refused' && event.code !== 'TILL_COPY') problems.push(`${record.copy}: ${event.name} refused with ${event.status} ${event.code ?? ''} after it was told, not as a copy's`);
  }
  if (original.history.some((event) => event.k === 'copy-told')) problems.push(`${record.original}: told it is a copy, but it is the till the copy was made from`);
  if (original.history.some((event) => event.k === 'refused' && event.code === 'TILL_COPY')) problems.push(`${record.original}: refused an operation as a copy's`);
  const id = `copy:${record.installId}`;
  const recorded = input.server.incidents.filter((incident) => incident.id === id && incident.kind === 'TILL_COPY_DETECTED');
  if (recorded.length !== 1) problems.push(`${record.copy}: the service recorded ${recorded.length} TILL_COPY_DETECTED incidents for install ${record.installId}, expected 1`);
  const logged = input.server.warnings.filter((entry) => entry.action === 'TILL_COPY_DETECTED' && entry.details.installId === record.installId);
  if (logged.length !== 1) problems.push(`${record.copy}: ${logged.length} TILL_COPY_DETECTED entries in the office's log for install ${record.installId}, expected 1`);
  if (record.enrollError !== null) problems.push(`${record.copy}: could not be enrolled as a new till: ${record.enrollError}`);
  if (record.enrolledAs !== null) {
    if (copy.terminalId !== record.enrolledAs) problems.push(`${record.copy}: enrolled as ${record.enrolledAs}, but its store says ${copy.terminalId}`);
    const after = between(copy.history, (event) => event.k === 'enrolled', () => false);
    if (after.some((event) => event.k === 'refused' && event.code === 'TILL_COPY')) problems.push(`${record.copy}: still refused operations as a copy after it was enrolled as a new till`);
  }
  return `copy ${record.copy} of ${record.original} told and recorded once${record.enrolledAs ? ', enrolled as a new till' : ''}`;
}

/** The till's readings of its clock, each with whether the process that made it had started before `at`. */
function readings(till: TerminalState): { t: number; skewMs: number | null; incarnation: number }[] {
  let incarnation = 0;
  const result: { t: number; skewMs: number | null; incarnation: number }[] = [];
  for (const event of till.history) {
    if (event.k === 'start') incarnation += 1;
    if (event.k === 'clock-seen') result.push({ t: event.t, skewMs: event.skewMs, incarnation });
  }
  return result;
}

function clockJump(input: CheckInput, record: ClockJumpRecord, problems: string[]): string {
  const till = input.terminals.find((terminal) => terminal.seat.name === record.terminal);
  if (!till) {
    problems.push(`${record.terminal}: missing from the run's end`);
    return '';
  }
  const seen = readings(till);
  const during = seen.filter((reading) => reading.t >= record.from && reading.t <= record.to + AFTER_GRACE_MS);
  const noticed = during.find((reading) => reading.skewMs !== null && Math.abs(reading.skewMs - record.jumpedMs) < SKEW_TOLERANCE_MS);
  if (!noticed) problems.push(`${record.terminal}: its clock was ${record.jumpedMs / 86_400_000} days off from ${new Date(record.from).toISOString()} for ${record.to - record.from} ms, and the till never said so`);
  if (record.fleetSkewSeconds === null) problems.push(`${record.terminal}: the office's fleet page never showed its clock as wrong while it was ${record.jumpedMs / 86_400_000} days off`);
  const later = seen.filter((reading) => reading.t > record.to + AFTER_GRACE_MS);
  const stuck = later.find((reading) => reading.skewMs !== null && Math.abs(reading.skewMs - record.jumpedMs) < SKEW_TOLERANCE_MS);
  if (stuck) problems.push(`${record.terminal}: still said its clock was ${Math.round(stuck.skewMs! / 86_400_000)} days off at ${new Date(stuck.t).toISOString()}, after it was put right`);
  const last = later[later.length - 1];
  if (last && !near(last.skewMs, record.baseMs)) problems.push(`${record.terminal}: its last word on its clock was ${last.skewMs} ms off; it is ${record.baseMs} ms off`);
  const health = input.server.health.find((row) => row.terminalId === record.terminalId);
  const reported = health?.clockSkewSeconds == null ? null : health.clockSkewSeconds * 1000;
  if (!near(reported, record.baseMs)) problems.push(`${record.terminal}: the fleet page ends showing its clock ${reported === null ? 'right' : `${reported / 1000} s off`}; it is ${record.baseMs / 1000} s off`);
  // Once the till knew its clock was wrong, its operations were dated by the sane clock (the real time, here).
  let dated = 0;
  if (noticed) {
    let incarnation = 0;
    for (const event of till.history) {
      if (event.k === 'start') incarnation += 1;
      if (event.k !== 'ok' || incarnation !== noticed.incarnation || event.t < noticed.t || event.t > record.to) continue;
      dated += 1;
      const off = Date.parse(event.occurredAt) - event.t;
      if (Math.abs(off) > SKEW_TOLERANCE_MS) problems.push(`${record.terminal}: ${event.name} ${event.mutationId} committed while its clock was off is dated ${event.occurredAt}, ${Math.round(off / 60_000)} min from the time it was rung`);
    }
  }
  return `${record.terminal}'s clock jump said by the till and on the fleet page (${dated} operations dated meanwhile)`;
}

export function disastersReported(input: CheckInput): CheckResult {
  const name = 'disasters reported';
  if (input.protocol !== 'core') return { name, status: 'N/A', summary: 'the naive protocol has no disasters', details: [] };
  if (input.disasters.length === 0) return { name, status: 'N/A', summary: 'no disasters in this run (--disasters)', details: [] };
  const problems: string[] = [];
  const said: string[] = [];
  for (const record of input.disasters) {
    if (record.kind === 'restore-service') said.push(serviceRestore(input, record, problems));
    if (record.kind === 'clone-till') said.push(clone(input, record, problems));
    if (record.kind === 'clock-jump') said.push(clockJump(input, record, problems));
  }
  // No restore announced that did not happen (one that took nothing back may be announced or not).
  const restores = input.disasters.filter((record) => record.kind === 'restore-service');
  const announced = input.server.warnings.filter((entry) => entry.action === 'SERVICE_RESTORED').length;
  if (announced < restores.filter((record) => record.tookBack).length || announced > restores.length)
    problems.push(`the office's log announces ${announced} restores of the service; ${restores.length} happened`);
  return {
    name,
    status: problems.length === 0 ? 'PASS' : 'FAIL',
    summary: `${problems.length === 0 ? '' : `${problems.length} violation(s); `}${said.filter(Boolean).join('; ')}`,
    details: problems.slice(0, 8),
  };
}
