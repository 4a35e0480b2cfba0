/**
 * Disasters (`--disasters`): what happens to a shop beyond a flaky network and crashes, each at a seeded moment of
 * the run, while the tills sell and the other faults go on (docs/sync.md, "Disasters in the fault harness"):
 *
 * - `restore-service`: the service's database is backed up while it runs (./service-restore.ts); a few seconds later
 *   — the tills selling, pushing and being acknowledged meanwhile — every instance is stopped, the backup put back
 *   (the documented way, or by hand so the service must notice at start) and the instances started again. What the
 *   backup lacks of the tills' operations, the tills send again from their journals; what the office did meanwhile
 *   is gone (recorded, so the checkers expect it gone).
 * - `clone-till`: a till's store is copied (between two of its operations) and a second till process runs on the
 *   copy, with its own workload and history under the same credential. The service must tell the copy, which then
 *   refuses new operations; with a seeded chance the office then connects it as a new till (a new workplace at the
 *   same point, a one-time code) and it sells on as that till.
 * - `clock-jump`: a till's OS clock jumps far ahead (or back) while it runs, stays there until the office's fleet
 *   page shows it, and is then put right.
 *
 * What each did is kept as a record for the checker "disasters reported" (./checks/disasters.ts) and the others.
 */
import { join } from 'node:path';
import type { BackOffice } from './back-office.js';
import { Random } from './random.js';
import { rest, restOk } from './rest.js';
import { backupDatabase, currentGeneration, heldMutations, restoreDatabase, versionSum, type RestoreMethod } from './service-restore.js';
import { sleep, type Service, type ServerEngine } from './service.js';
import type { TerminalHandle } from './terminals.js';
import type { SimWorld } from './world.js';

export const DISASTER_KINDS = ['restore-service', 'clone-till', 'clock-jump'] as const;
export type DisasterKind = (typeof DISASTER_KINDS)[number];

const DAY_MS = 86_400_000;

export type Disaster =
  | { readonly kind: 'restore-service'; readonly method: RestoreMethod; readonly afterMs: number }
  | { readonly kind: 'clone-till'; readonly terminal: string; readonly enrollAfterMs: number | null }
  | { readonly kind: 'clock-jump'; readonly terminal: string; readonly jumpMs: number; readonly forMs: number };

export interface ScheduledDisaster {
  readonly atMs: number;
  readonly disaster: Disaster;
}

/**
 * One of each kind asked for, at seeded moments, from a stream of their own (a seed's other faults are the same
 * with or without them). The restore's backup falls in 20–40 % of the run, so that the tills have been acknowledged
 * before it and sell after it; the restore itself 2–4 s later. `method` forces how the backup is put back.
 */
export function disasterSchedule(
  seed: number,
  engine: ServerEngine,
  terminals: readonly string[],
  durationMs: number,
  kinds: readonly DisasterKind[],
  method?: 'operator' | 'by-hand',
): ScheduledDisaster[] {
  const random = Random.derive(seed, 'disasters');
  const at = (from: number, to: number) => random.int(Math.round(durationMs * from), Math.round(durationMs * to));
  const schedule: ScheduledDisaster[] = [];
  // Drawn in a fixed order whatever is asked for, so each kind's moment depends on the seed alone.
  const restoreAt = at(0.2, 0.4);
  const byHand = method === undefined ? random.chance(0.5) : method === 'by-hand';
  const overwrite = random.chance(0.5);
  const restoreAfter = random.int(2_000, 4_000);
  const cloneAt = at(0.15, 0.45);
  const cloned = random.pick(terminals);
  const enrollAfter = random.chance(0.6) ? random.int(2_000, 4_000) : null;
  const jumpAt = at(0.1, 0.5);
  const jumper = random.pick(terminals);
  const jumpMs = random.chance(0.75) ? 730 * DAY_MS : -365 * DAY_MS;
  const jumpFor = random.int(3_000, 6_000);
  if (kinds.includes('restore-service')) {
    schedule.push({ atMs: restoreAt, disaster: { kind: 'restore-service', method: !byHand ? 'operator' : engine === 'postgres' ? 'by-hand' : overwrite ? 'by-hand-overwrite' : 'by-hand-replace', afterMs: restoreAfter } });
  }
  if (kinds.includes('clone-till')) schedule.push({ atMs: cloneAt, disaster: { kind: 'clone-till', terminal: cloned, enrollAfterMs: enrollAfter } });
  if (kinds.includes('clock-jump')) schedule.push({ atMs: jumpAt, disaster: { kind: 'clock-jump', terminal: jumper, jumpMs, forMs: jumpFor } });
  return schedule.sort((a, b) => a.atMs - b.atMs);
}

export const describeDisaster = (disaster: Disaster): string => {
  switch (disaster.kind) {
    case 'restore-service':
      return `back up the service's database, restore it (${disaster.method}) ${disaster.afterMs} ms later`;
    case 'clone-till':
      return `copy ${disaster.terminal}'s store and run a second till on it${disaster.enrollAfterMs === null ? '' : `, enrolled as a new till ${disaster.enrollAfterMs} ms after it starts`}`;
    case 'clock-jump':
      return `${disaster.terminal}'s clock jumps ${disaster.jumpMs > 0 ? '+' : ''}${Math.round(disaster.jumpMs / DAY_MS)} days for ${disaster.forMs} ms (and until the office sees it)`;
  }
};

/** A restore of the service's database, as it happened. */
export interface ServiceRestoreRecord {
  readonly kind: 'restore-service';
  readonly method: RestoreMethod;
  readonly generationBefore: string;
  /** The generation the service is on after its start on the restored database (empty if it could not be read). */
  readonly generationAfter: string;
  /** Operations the service held when it was stopped that the restored database lacks: each must come back, once. */
  readonly lostMutations: readonly string[];
  /** Whether the restored database holds less than the one it replaced (its versions' sum is lower). */
  readonly tookBack: boolean;
  /** The back office's requests (indices into its events) made between the backup and the restore: gone with it. */
  readonly backOfficeLost: readonly [number, number];
  /** The tills (by name) running on a store that had synced with the service before it was stopped. */
  readonly tills: readonly string[];
  readonly backupAt: number;
  readonly restoredAt: number;
}

export interface CloneRecord {
  readonly kind: 'clone-till';
  readonly original: string;
  readonly copy: string;
  /** The copy's install id, and the terminal whose credential it carried. */
  readonly installId: string;
  readonly terminalId: string;
  /** The copy's terminal once enrolled as a new till; null when it was not (or could not be: `enrollError`). */
  readonly enrolledAs: string | null;
  readonly enrollError: string | null;
}

export interface ClockJumpRecord {
  readonly kind: 'clock-jump';
  readonly terminal: string;
  readonly terminalId: string | null;
  /** The till's skew before the jump (its fixed skew) and during it. */
  readonly baseMs: number;
  readonly jumpedMs: number;
  readonly from: number;
  readonly to: number;
  /** The skew the office's fleet page showed for the till while its clock was off (seconds), or null if never. */
  readonly fleetSkewSeconds: number | null;
}

export type DisasterRecord = ServiceRestoreRecord | CloneRecord | ClockJumpRecord;

/** What the disasters need of the run around them. */
export interface DisasterContext {
  readonly service: Service;
  readonly world: SimWorld;
  readonly directory: string;
  /** Every till process, by name; a copy of a till is added to it (and is then healed, drained and checked too). */
  readonly handles: Map<string, TerminalHandle>;
  readonly backOffice: BackOffice;
  readonly log: (line: string) => void;
  /** Runs work on one terminal after any earlier work on it (the nemesis's per-terminal order). */
  withTerminal(name: string, work: () => Promise<void>): Promise<void>;
  /** Runs work after any earlier fault of the whole service (a restart, an instance kill). */
  withService(work: () => Promise<void>): Promise<void>;
  /** While true, the proxy and the back office treat the service as down. */
  setRestarting(restarting: boolean): void;
  /** Resolves when the service is up (not being restarted or restored). */
  serviceUp(): Promise<void>;
}

const FLEET_BOUND_MS = 60_000;

export class Disasters {
  readonly records: DisasterRecord[] = [];
  /**
   * A restore of the service and a copy of a till happen one after the other, in the schedule's order, each from
   * its start to its end (a copy's enrollment as a new till included). So a seed gives one of two stories: a copy
   * made (and perhaps connected as a new till) and then the service restored, or the service restored and then a
   * till copied. (Overlapping, a restore would also take back an enrollment made after its backup — the till's new
   * credential with it — which only the operator can mend, by enrolling it again.)
   */
  private serial: Promise<void> = Promise.resolve();

  constructor(private readonly context: DisasterContext) {}

  execute(disaster: Disaster): Promise<void> {
    switch (disaster.kind) {
      case 'restore-service':
        return this.inTurn(() => this.restoreService(disaster.method, disaster.afterMs));
      case 'clone-till':
        return this.inTurn(() => this.cloneTill(disaster.terminal, disaster.enrollAfterMs));
      case 'clock-jump':
        return this.clockJump(disaster.terminal, disaster.jumpMs, disaster.forMs);
    }
  }

  private inTurn(work: () => Promise<void>): Promise<void> {
    const next = this.serial.then(work, work);
    this.serial = next.catch(() => undefined);
    return next;
  }

  private async restoreService(method: RestoreMethod, afterMs: number): Promise<void> {
    const { service, backOffice, world, log } = this.context;
    const backup = join(this.context.directory, `service-backup.${service.engine === 'postgres' ? 'dump' : 'sqlite'}`);
    const generationBefore = await currentGeneration(service.engine, service.databaseUrl);
    // The office's requests fall wholly before the backup or after it.
    await backOffice.pause();
    const backupIndex = backOffice.events.length;
    try {
      await backupDatabase(service.engine, service.databaseUrl, backup);
    } finally {
      backOffice.resume();
    }
    const backupAt = Date.now();
    const heldAtBackup = (await heldMutations(service.engine, service.databaseUrl, world.businessId)).size;
    log(`  service database backed up (${method} restore in ${afterMs} ms)`);
    await sleep(afterMs);
    // A restore that takes nothing back tests nothing: the service (down for another fault, say) must have taken
    // the tills' operations since the backup — bounded, as the run must end.
    const deadline = Date.now() + 30_000;
    while ((await heldMutations(service.engine, service.databaseUrl, world.businessId)).size <= heldAtBackup && Date.now() < deadline) await sleep(500);
    await this.context.withService(async () => {
      this.context.setRestarting(true);
      await backOffice.pause();
      const lostIndex = backOffice.events.length;
      try {
        const tills = [...this.context.handles.values()].filter((handle) => handle.incarnation > 0).map((handle) => handle.name);
        await service.stop();
        const before = await heldMutations(service.engine, service.databaseUrl, world.businessId);
        const sumBefore = await versionSum(service.engine, service.databaseUrl);
        await restoreDatabase(service.engine, service.databaseUrl, backup, method);
        const after = await heldMutations(service.engine, service.databaseUrl, world.businessId);
        const tookBack = (await versionSum(service.engine, service.databaseUrl)) < sumBefore;
        const restoredAt = Date.now();
        await service.start();
        const generationAfter = await currentGeneration(service.engine, service.databaseUrl).catch(() => '');
        const lostMutations = [...before].filter((id) => !after.has(id));
        log(`  service restored (${method}): ${lostMutations.length} operations of the tills and ${lostIndex - backupIndex} of the office lost with it`);
        this.records.push({ kind: 'restore-service', method, generationBefore, generationAfter, lostMutations, tookBack, backOfficeLost: [backupIndex, lostIndex], tills, backupAt, restoredAt });
      } finally {
        this.context.setRestarting(false);
        backOffice.resume();
      }
    });
  }

  private async cloneTill(name: string, enrollAfterMs: number | null): Promise<void> {
    const { handles, directory, log } = this.context;
    const original = handles.get(name)!;
    const copyName = `${name}c`;
    const file = join(directory, `${copyName}.sqlite`);
    let taken = false;
    await this.context.withTerminal(name, async () => {
      if (!original.alive) await original.start();
      await original.ask({ type: 'snapshot', file }, 'snapshot-taken', 20_000);
      taken = true;
    });
    if (!taken) return;
    const copy = original.copyAt(copyName, file);
    handles.set(copyName, copy);
    await this.context.withTerminal(copyName, () => copy.start());
    log(`  ${copyName} runs on a copy of ${name}'s store (install ${copy.installId})`);
    const record = { kind: 'clone-till' as const, original: name, copy: copyName, installId: copy.installId ?? '', terminalId: copy.terminalId ?? '' };
    if (enrollAfterMs === null) {
      this.records.push({ ...record, enrolledAs: null, enrollError: null });
      return;
    }
    await sleep(enrollAfterMs);
    let outcome: { terminalId: string | null; error: string | null } = { terminalId: null, error: 'not tried' };
    await this.context.withTerminal(copyName, async () => {
      outcome = await this.enrollAsNew(copy);
    });
    log(`  ${copyName} ${outcome.terminalId ? `enrolled as a new till ${outcome.terminalId}` : `could not be enrolled as a new till: ${outcome.error}`}`);
    this.records.push({ ...record, enrolledAs: outcome.terminalId, enrollError: outcome.error });
  }

  /** The office makes the copy a workplace of its own at its point and a code; the copy enrolls with it. */
  private async enrollAsNew(copy: TerminalHandle): Promise<{ terminalId: string | null; error: string | null }> {
    const workplaceId = (await this.office('POST', '/business-config/workplaces/create', { name: `Till ${copy.name}`, automated_point_id: copy.seat.pointId })).id as string;
    let error: string | null = null;
    // A code is single-use: an enrollment whose answer was lost spent it, and the till asks again with a new one.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      if (!copy.alive) await copy.start();
      const code = (await this.office('POST', '/sync/enrollment-codes', { workplaceId })).code as string;
      try {
        const answer = await copy.ask({ type: 'enroll', code, workplaceId }, 'enrolled', 120_000);
        if (answer.terminalId) return { terminalId: answer.terminalId, error: null };
        error = answer.error;
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
      }
      // Only a refused code is worth a new one; a copy that cannot deliver what it holds would not do better.
      if (!/^the service answered 4/.test(error ?? '')) break;
    }
    return { terminalId: null, error };
  }

  /** A request of the office, once the service is up; tried again while it is being restarted. */
  private async office(method: string, path: string, body: unknown): Promise<any> {
    const { service, world } = this.context;
    for (let attempt = 1; ; attempt += 1) {
      await this.context.serviceUp();
      try {
        return await restOk(service.url, world.ownerToken, method, path, body);
      } catch (error) {
        // A write that failed on the way may have happened: only creations are asked for here, harmless twice.
        if (attempt >= 10) throw error;
        await sleep(500);
      }
    }
  }

  private async clockJump(name: string, jumpMs: number, forMs: number): Promise<void> {
    const { handles, service, world, log } = this.context;
    const handle = handles.get(name)!;
    const baseMs = handle.clockSkewMs;
    const jumpedMs = baseMs + jumpMs;
    const from = Date.now();
    handle.setClock(jumpedMs);
    let fleetSkewSeconds: number | null = null;
    // Off for `forMs`, and until the office's fleet page shows the till's clock as wrong by about the jump.
    while (Date.now() - from < FLEET_BOUND_MS) {
      if (fleetSkewSeconds === null && service.running && handle.terminalId) {
        const answer = await rest(service.url, world.ownerToken, 'GET', '/sync/fleet', undefined, 5_000).catch(() => null);
        const row = answer?.status === 200 ? (answer.body.terminals as { id: string; health: { clock_skew_seconds: number | null } | null }[]).find((terminal) => terminal.id === handle.terminalId) : undefined;
        const shown = row?.health?.clock_skew_seconds ?? null;
        if (shown !== null && Math.abs(shown * 1000 - jumpedMs) < 10 * 60_000) fleetSkewSeconds = shown;
      }
      if (fleetSkewSeconds !== null && Date.now() - from >= forMs) break;
      await sleep(250);
    }
    handle.setClock(baseMs);
    const to = Date.now();
    log(`  ${name}'s clock put right after ${to - from} ms; the fleet page ${fleetSkewSeconds === null ? 'never showed it' : `showed ${fleetSkewSeconds} s`}`);
    this.records.push({ kind: 'clock-jump', terminal: name, terminalId: handle.terminalId, baseMs, jumpedMs, from, to, fleetSkewSeconds });
  }
}

/** One line of the run's summary for what a disaster did. */
export function describeRecord(record: DisasterRecord): string {
  switch (record.kind) {
    case 'restore-service':
      return (
        `the service restored (${record.method}) to a backup taken ${((record.restoredAt - record.backupAt) / 1000).toFixed(1)} s earlier: ` +
        `${record.lostMutations.length} operations of the tills and ${record.backOfficeLost[1] - record.backOfficeLost[0]} requests of the office taken back; ` +
        `generation ${record.generationBefore} → ${record.generationAfter}`
      );
    case 'clone-till':
      return `${record.copy}, a copy of ${record.original} (install ${record.installId}), ${record.enrolledAs ? `enrolled as new till ${record.enrolledAs}` : record.enrollError ? `not enrolled: ${record.enrollError}` : 'left a copy'}`;
    case 'clock-jump':
      return `${record.terminal}'s clock ${record.jumpedMs > record.baseMs ? 'ahead' : 'behind'} by ${Math.round((record.jumpedMs - record.baseMs) / DAY_MS)} days for ${((record.to - record.from) / 1000).toFixed(1)} s; the fleet page showed ${record.fleetSkewSeconds === null ? 'nothing' : `${record.fleetSkewSeconds} s`}`;
  }
}
