/**
 * One simulation run: the service, the world, the proxy, T terminal processes, the back office and the nemesis;
 * then heal, drain, final pull, and the checkers. Returns the checkers' verdicts with everything needed to
 * replay the run (its seed and options).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackOffice } from './back-office.js';
import { readServer, readTerminal, type CheckInput, type Liveness } from './checks/collect.js';
import { runCheckers, type CheckResult } from './checks/checkers.js';
import { readHistory } from './history.js';
import { NaiveServerProcess } from './naive/launch.js';
import { describeFault, faultSchedule, Nemesis, type ScheduledFault } from './nemesis.js';
import { Disasters, disasterSchedule, type DisasterKind, type DisasterRecord } from './disasters.js';
import { FaultProxy } from './proxy.js';
import { Random } from './random.js';
import { Service, sleep, type InstanceSummary, type ServerEngine } from './service.js';
import type { Protocol } from './terminal-config.js';
import { TerminalHandle } from './terminals.js';
import { buildWorld, enrollmentCodeFor } from './world.js';

export interface SimOptions {
  readonly seed: number;
  readonly terminals: number;
  readonly durationS: number;
  readonly server: ServerEngine;
  readonly protocol: Protocol;
  /** Service instances behind the balancer (more than one on PostgreSQL only). */
  readonly instances: number;
  /** Cashier operations per second per terminal (on average). */
  readonly opsPerSecond: number;
  /** Without faults: a control run. */
  readonly faults: boolean;
  /** How long draining may take before liveness fails. */
  readonly drainBoundMs: number;
  /** The service compacts its change log within seconds while the run goes on (sim/run.ts `--compaction`). */
  readonly compaction: boolean;
  /** Keep the run's directory (databases, histories, logs) even when every checker passed. */
  readonly keep: boolean;
  /** The disasters to run among the faults (./disasters.ts); none by default. Our protocol only. */
  readonly disasters?: readonly DisasterKind[];
  /** How a `restore-service` disaster puts the backup back; seeded when not given. */
  readonly restoreMethod?: 'operator' | 'by-hand';
  readonly log: (line: string) => void;
}

export interface SimReport {
  readonly options: Omit<SimOptions, 'log'>;
  readonly checks: readonly CheckResult[];
  readonly passed: boolean;
  readonly directory: string;
  readonly faults: readonly string[];
  readonly proxyCounts: Readonly<Record<string, number>>;
  readonly operations: { readonly ok: number; readonly refused: number; readonly indeterminate: number; readonly applied: number; readonly rejected: number };
  readonly clockSkews: Readonly<Record<string, number>>;
  /** Per service instance: requests served and cut off, restarts. */
  readonly instances: readonly InstanceSummary[];
  /** The back office's requests by outcome; `serverErrors`: of the unknown ones, those the service answered 5xx (a bug: never a 500). */
  readonly backOffice: { readonly ok: number; readonly refused: number; readonly unknown: number; readonly serverErrors: number };
  /** What each disaster did (restores, copies of tills, clock jumps). */
  readonly disasters: readonly DisasterRecord[];
  /** With compaction: the business's retention floor and newest version when the run ended, and the tills' resets. */
  readonly compaction: { readonly floor: bigint; readonly head: bigint; readonly resets: number } | null;
  readonly seconds: number;
}

const SKEWS = [0, 5 * 60_000, -60 * 60_000, 24 * 60 * 60_000, -10 * 60_000];
const REQUEST_TIMEOUT_MS = 5_000;

export async function runSimulation(options: SimOptions): Promise<SimReport> {
  const started = Date.now();
  const { seed, log } = options;
  const tag = `${seed}_${options.server}_${options.protocol}_${Date.now().toString(36)}`;
  const directory = mkdtempSync(join(tmpdir(), `kassa-sim-${seed}-`));
  log(`run directory ${directory}`);
  const service = await Service.create(options.server, directory, tag, options.instances, options.compaction);
  const handles = new Map<string, TerminalHandle>();
  let proxy: FaultProxy | null = null;
  let naiveServer: NaiveServerProcess | null = null;
  let report: SimReport | null = null;
  try {
    await service.start();
    const world = await buildWorld(service.url, options.terminals, tag);
    if (options.instances > 1) log(`${options.instances} service instances on one database behind the balancer at ${service.url}`);
    log(`world: business ${world.businessId}, ${world.points.length} points, ${options.terminals} tills`);
    let nemesis: Nemesis | null = null;
    proxy = new FaultProxy(() => (service.running && !nemesis?.restarting ? service.url : null), Random.derive(seed, 'proxy'), [REQUEST_TIMEOUT_MS + 500, REQUEST_TIMEOUT_MS + 3_000]);
    await proxy.listen();
    if (options.protocol === 'naive') {
      naiveServer = await NaiveServerProcess.start(service.databaseUrl, world.businessId, directory);
      const naiveUrl = naiveServer.url;
      proxy.naiveUpstream = () => (service.running && !nemesis?.restarting ? naiveUrl : null);
    }
    const clocks = Random.derive(seed, 'clocks');
    const clockSkews: Record<string, number> = {};
    for (const seat of world.seats) {
      clockSkews[seat.name] = options.faults ? clocks.pick(SKEWS) : 0;
      const handle = new TerminalHandle(
        {
          seat,
          world,
          protocol: options.protocol,
          file: join(directory, `${seat.name}.sqlite`),
          historyFile: join(directory, `${seat.name}.history.jsonl`),
          serviceUrl: proxy.urlFor(seat.name),
          seed,
          clockSkewMs: clockSkews[seat.name]!,
          opsPerSecond: options.opsPerSecond,
          requestTimeoutMs: REQUEST_TIMEOUT_MS,
        },
        directory,
      );
      handles.set(seat.name, handle);
    }
    // Enrolled one after another (each bootstraps), then all run together.
    for (const [index, handle] of [...handles.values()].entries()) await handle.start(await enrollmentCodeFor(service.url, world, world.seats[index]!));
    log(`${handles.size} terminals enrolled and running (clock skews ${JSON.stringify(clockSkews)})`);

    nemesis = new Nemesis(seed, proxy, service, handles, directory, log);
    const durationMs = options.durationS * 1000;
    const deleteAtMs = Math.round(durationMs * 0.4);
    const tills = [...handles.keys()];
    const schedule: ScheduledFault[] = [
      ...(options.faults ? faultSchedule(seed, tills, durationMs, deleteAtMs, options.instances) : []),
      ...disasterSchedule(seed, options.server, tills, durationMs, options.disasters ?? [], options.restoreMethod).map(({ atMs, disaster }) => ({ atMs, fault: { kind: 'disaster' as const, disaster } })),
    ].sort((a, b) => a.atMs - b.atMs);
    for (const { atMs, fault } of schedule) log(`  scheduled at ${(atMs / 1000).toFixed(1)}s: ${describeFault(fault)}`);
    const gate = async () => {
      while (!service.running || nemesis!.restarting) await sleep(100);
    };
    const backOffice = new BackOffice(Random.derive(seed, 'back-office'), world, service.url, gate, deleteAtMs);
    const disasters = new Disasters({
      service,
      world,
      directory,
      handles,
      backOffice,
      log,
      withTerminal: (name, work) => nemesis!.withTerminal(name, work),
      withService: (work) => nemesis!.withService(work),
      setRestarting: (restarting) => void (nemesis!.restarting = restarting),
      serviceUp: gate,
    });
    nemesis.disasters = disasters;
    backOffice.start();
    nemesis.start(schedule);
    await sleep(durationMs);

    log('healing: faults off, every process up');
    await nemesis.heal();
    await backOffice.stop();
    log('draining every terminal');
    const drained = await Promise.all(
      [...handles.values()].map(async (handle) => {
        try {
          const answer = await handle.ask({ type: 'drain', deadlineMs: options.drainBoundMs }, 'drained', options.drainBoundMs + 30_000);
          return { seat: handle.name, drained: answer.pending === 0 && answer.ms <= options.drainBoundMs, pending: answer.pending, ms: answer.ms, lastError: answer.lastError };
        } catch (error) {
          return { seat: handle.name, drained: false, pending: -1, ms: options.drainBoundMs, lastError: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    const liveness: Liveness[] = [];
    for (const entry of drained) {
      const handle = handles.get(entry.seat)!;
      let pulled = false;
      try {
        pulled = (await handle.ask({ type: 'final-pull', deadlineMs: 20_000 }, 'pulled', 40_000)).ok;
      } catch {
        pulled = false;
      }
      liveness.push({ ...entry, pulled });
    }
    for (const handle of handles.values()) await handle.exit();
    await service.stop();
    await naiveServer?.stop();
    naiveServer = null;

    log('checking');
    const server = await readServer(service.databaseUrl, world.businessId);
    const terminals = [];
    for (const handle of handles.values()) terminals.push(await readTerminal(handle.seat, handle.file, handle.historyFile, world.businessId));
    const input: CheckInput = {
      protocol: options.protocol,
      world,
      server,
      terminals,
      backOffice: backOffice.events,
      liveness,
      drainBoundMs: options.drainBoundMs,
      crashes: [...handles.values()].flatMap((handle) => handle.crashes),
      disasters: disasters.records,
    };
    const checks = runCheckers(input);
    const histories = [...handles.values()].map((handle) => readHistory(handle.historyFile));
    const count = (kind: string) => histories.reduce((sum, history) => sum + history.filter((event) => event.k === kind).length, 0);
    const invoked = count('invoke');
    const { seed: _seed, log: _log, ...rest } = options;
    report = {
      options: { seed, ...rest },
      checks,
      passed: checks.every((check) => check.status !== 'FAIL'),
      directory,
      faults: nemesis.done,
      proxyCounts: { ...proxy.counts },
      operations: {
        ok: count('ok'),
        refused: count('refused'),
        indeterminate: invoked - count('ok') - count('refused'),
        applied: server.mutations.filter((mutation) => mutation.status === 'applied').length,
        rejected: server.mutations.filter((mutation) => mutation.status === 'rejected').length,
      },
      clockSkews,
      disasters: disasters.records,
      instances: service.summary(),
      backOffice: {
        ok: backOffice.events.filter((event) => event.outcome === 'ok').length,
        refused: backOffice.events.filter((event) => event.outcome === 'refused').length,
        unknown: backOffice.events.filter((event) => event.outcome === 'unknown').length,
        serverErrors: backOffice.events.filter((event) => event.status !== null && event.status >= 500).length,
      },
      compaction: options.compaction ? { ...server.retention, resets: count('reset') } : null,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    return report;
  } finally {
    for (const handle of handles.values()) await handle.kill().catch(() => undefined);
    await proxy?.close();
    await naiveServer?.stop();
    await service.dispose().catch((error: unknown) => log(`could not drop the service's database: ${String(error)}`));
    if (report && report.passed && !options.keep) rmSync(directory, { recursive: true, force: true });
  }
}
