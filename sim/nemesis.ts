/**
 * Faults (research §7.3), drawn up front from the run's seed as a schedule — the same seed gives the same faults
 * at the same offsets — and then executed against the proxy, the service and the terminal processes:
 *
 * - partition (connections refused or hung), lost responses after the service committed, duplicated requests,
 *   late (reordered) requests, delays — proxy rules for one terminal for a while;
 * - `kill -9` of a terminal a few milliseconds into a cashier's operation (mid-write), right after
 *   its push reached the service (the answer never arrives), or just as a pull page is being applied; the
 *   terminal is restarted on the same file after a pause;
 * - a service restart: `kill -9` of every instance mid-whatever, started again on the same data;
 * - with several service instances (`--instances N`), one instance `kill -9`ed while it has requests in flight
 *   (they are cut off, as by a network fault) and restarted, at a seeded time; the balancer sends the rest of the
 *   traffic to the others meanwhile;
 * - a restore: the terminal's database is copied now, and a few seconds later the terminal is killed and
 *   restarted on the copy (its core must notice the fork and continue under a new epoch).
 *
 * Every run's schedule starts with the five faults the design most depends on (a restore, a service restart, a
 * lost response, a kill mid-pull, a kill mid-write) in a seeded order, then draws from all kinds. With
 * `--disasters`, the disasters (./disasters.ts) run among them, at moments of their own.
 */
import { join } from 'node:path';
import type { FaultProxy } from './proxy.js';
import { describeDisaster, type Disaster, type Disasters } from './disasters.js';
import { Random } from './random.js';
import { sleep, type Service } from './service.js';
import type { TerminalHandle } from './terminals.js';

export type Fault =
  | { readonly kind: 'partition'; readonly terminal: string; readonly mode: 'refuse' | 'hang'; readonly ms: number }
  | { readonly kind: 'lose-responses' | 'duplicate' | 'late'; readonly terminal: string; readonly probability: number; readonly ms: number }
  | { readonly kind: 'delay'; readonly terminal: string; readonly range: readonly [number, number]; readonly ms: number }
  | { readonly kind: 'kill'; readonly terminal: string; readonly when: 'mid-write' | 'mid-pull' | 'after-push'; readonly downMs: number }
  | { readonly kind: 'restart-service'; readonly downMs: number }
  | { readonly kind: 'kill-instance'; readonly instance: number; readonly downMs: number }
  | { readonly kind: 'restore'; readonly terminal: string; readonly afterMs: number }
  | { readonly kind: 'disaster'; readonly disaster: Disaster };

export interface ScheduledFault {
  readonly atMs: number;
  readonly fault: Fault;
}

const FIRST = ['restore', 'restart-service', 'lose-responses', 'kill-mid-pull', 'kill'] as const;
const OTHERS = ['partition', 'duplicate', 'late', 'delay', 'kill', 'kill-after-push', 'lose-responses', 'partition', 'kill-mid-pull'] as const;
type Kind = (typeof FIRST)[number] | (typeof OTHERS)[number];

function shuffled<T>(random: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = random.int(0, index);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

function draw(random: Random, kind: Kind, terminals: readonly string[]): Fault {
  const terminal = random.pick(terminals);
  const ms = random.int(1_000, 4_000);
  switch (kind) {
    case 'partition':
      return { kind: 'partition', terminal, mode: random.chance(0.5) ? 'refuse' : 'hang', ms };
    case 'lose-responses':
      return { kind: 'lose-responses', terminal, probability: 0.5, ms };
    case 'duplicate':
      return { kind: 'duplicate', terminal, probability: 0.6, ms };
    case 'late':
      return { kind: 'late', terminal, probability: 0.4, ms };
    case 'delay':
      return { kind: 'delay', terminal, range: [50, 600], ms };
    case 'kill':
      return { kind: 'kill', terminal, when: 'mid-write', downMs: random.int(200, 1_500) };
    case 'kill-mid-pull':
      return { kind: 'kill', terminal, when: 'mid-pull', downMs: random.int(200, 1_500) };
    case 'kill-after-push':
      return { kind: 'kill', terminal, when: 'after-push', downMs: random.int(200, 1_500) };
    case 'restart-service':
      return { kind: 'restart-service', downMs: random.int(300, 1_500) };
    case 'restore':
      return { kind: 'restore', terminal, afterMs: random.int(2_000, 4_000) };
  }
}

/**
 * The faults of a run: one every 1–3 s from 1.5 s until 2 s before the end — plus one terminal cut off (4 s)
 * around the moment the back office deletes items and a client (`deleteAtMs`), so that it keeps editing and
 * selling to them offline: its operations must come back rejected and land in its inbox (and under the naive
 * protocol, its stale rows resurrect what was deleted).
 */
export function faultSchedule(seed: number, terminals: readonly string[], durationMs: number, deleteAtMs: number, instances = 1): ScheduledFault[] {
  const random = Random.derive(seed, 'nemesis');
  // Its own stream, so that a seed's other faults are the same whatever the number of instances.
  const instanceKill: ScheduledFault[] = [];
  if (instances > 1) {
    const moment = Random.derive(seed, 'instance-kill');
    instanceKill.push({ atMs: moment.int(Math.round(durationMs * 0.2), Math.round(durationMs * 0.7)), fault: { kind: 'kill-instance', instance: moment.int(1, instances), downMs: moment.int(300, 1_500) } });
  }
  const blind: ScheduledFault = { atMs: Math.max(0, deleteAtMs - 1_000), fault: { kind: 'partition', terminal: random.pick(terminals), mode: 'refuse', ms: 4_000 } };
  const kinds: Kind[] = [...shuffled(random, FIRST)];
  const schedule: ScheduledFault[] = [];
  for (let at = 1_500; at < durationMs - 2_000; at += random.int(1_000, 3_000)) {
    if (kinds.length === 0) kinds.push(...shuffled(random, OTHERS));
    let fault = draw(random, kinds.shift()!, terminals);
    if (fault.kind === 'restore' && at + fault.afterMs > durationMs - 500) fault = draw(random, 'partition', terminals);
    schedule.push({ atMs: at, fault });
  }
  return [...schedule, blind, ...instanceKill].sort((a, b) => a.atMs - b.atMs);
}

export const describeFault = (fault: Fault): string => {
  switch (fault.kind) {
    case 'partition':
      return `partition ${fault.terminal} (${fault.mode}) for ${fault.ms} ms`;
    case 'lose-responses':
    case 'duplicate':
    case 'late':
      return `${fault.kind} ${fault.terminal} p=${fault.probability} for ${fault.ms} ms`;
    case 'delay':
      return `delay ${fault.terminal} ${fault.range[0]}–${fault.range[1]} ms for ${fault.ms} ms`;
    case 'kill':
      return `kill -9 ${fault.terminal} ${fault.when}, down ${fault.downMs} ms`;
    case 'restart-service':
      return `kill -9 the service, down ${fault.downMs} ms`;
    case 'kill-instance':
      return `kill -9 service instance ${fault.instance} with requests in flight, down ${fault.downMs} ms`;
    case 'restore':
      return `copy ${fault.terminal}'s database, restore it ${fault.afterMs} ms later`;
    case 'disaster':
      return `disaster: ${describeDisaster(fault.disaster)}`;
  }
};

/** The key under which the service's faults take turns (no terminal is named so). */
const SERVICE_LOCK = ' service';

export class Nemesis {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly locks = new Map<string, Promise<void>>();
  private snapshots = 0;
  restarting = false;
  readonly done: string[] = [];
  /** Runs the disasters of the schedule (`--disasters`); set by the simulation. */
  disasters: Disasters | null = null;

  private readonly random: Random;

  constructor(
    seed: number,
    private readonly proxy: FaultProxy,
    private readonly service: Service,
    private readonly terminals: ReadonlyMap<string, TerminalHandle>,
    private readonly directory: string,
    private readonly log: (line: string) => void,
  ) {
    this.random = Random.derive(seed, 'nemesis-moments');
  }

  start(schedule: readonly ScheduledFault[]): void {
    const started = Date.now();
    for (const { atMs, fault } of schedule) {
      this.timers.push(
        setTimeout(() => {
          const at = `${((Date.now() - started) / 1000).toFixed(1)}s`;
          const work = this.execute(fault)
            .then(() => void this.done.push(`${at} ${describeFault(fault)}`))
            .catch((error: unknown) => this.log(`nemesis: ${describeFault(fault)} failed: ${error instanceof Error ? error.message : String(error)}`));
          this.running.add(work);
          void work.finally(() => this.running.delete(work));
        }, atMs),
      );
    }
  }

  /** Cancels what has not started, waits for what has, removes every fault and brings every process back. */
  async heal(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.allSettled([...this.running]);
    this.proxy.heal();
    await this.service.start();
    this.restarting = false;
    for (const terminal of this.terminals.values()) await this.withTerminal(terminal.name, () => terminal.start());
  }

  /** Runs work after any earlier fault of the whole service (a restart, an instance kill, a restore). */
  withService(work: () => Promise<void>): Promise<void> {
    return this.withTerminal(SERVICE_LOCK, work);
  }

  /** Runs work on one terminal after any earlier work on it (a kill and a restore must not interleave). */
  withTerminal(name: string, work: () => Promise<void>): Promise<void> {
    const previous = this.locks.get(name) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.locks.set(
      name,
      next.catch(() => undefined),
    );
    return next;
  }

  private async rule(terminal: string, rules: Parameters<FaultProxy['set']>[1], ms: number) {
    this.proxy.set(terminal, rules);
    await sleep(ms);
    this.proxy.clear(terminal);
  }

  private async execute(fault: Fault): Promise<void> {
    switch (fault.kind) {
      case 'disaster':
        if (!this.disasters) throw new Error('a disaster was scheduled but the run has none');
        return this.disasters.execute(fault.disaster);
      case 'partition':
        return this.rule(fault.terminal, { partition: fault.mode }, fault.ms);
      case 'lose-responses':
        return this.rule(fault.terminal, { loseResponse: fault.probability }, fault.ms);
      case 'duplicate':
        return this.rule(fault.terminal, { duplicate: fault.probability }, fault.ms);
      case 'late':
        return this.rule(fault.terminal, { late: fault.probability }, fault.ms);
      case 'delay':
        return this.rule(fault.terminal, { delayMs: fault.range }, fault.ms);
      case 'restart-service':
        // One service fault at a time: a whole-service kill must not hit an instance the other fault is booting.
        return this.withTerminal(SERVICE_LOCK, async () => {
          this.restarting = true;
          await this.service.kill();
          await sleep(fault.downMs);
          await this.service.start();
          this.restarting = false;
        });
      case 'kill-instance':
        return this.withTerminal(SERVICE_LOCK, () => this.killInstance(fault.instance, fault.downMs));
      case 'kill': {
        const terminal = this.terminals.get(fault.terminal)!;
        return this.withTerminal(fault.terminal, async () => {
          if (!terminal.alive) return;
          await this.moment(terminal, fault.when);
          await terminal.kill();
          await sleep(fault.downMs);
          await terminal.start();
        });
      }
      case 'restore': {
        const terminal = this.terminals.get(fault.terminal)!;
        this.snapshots += 1;
        const copy = join(this.directory, `${fault.terminal}.copy-${this.snapshots}.sqlite`);
        let taken = false;
        await this.withTerminal(fault.terminal, async () => {
          if (!terminal.alive) return;
          await terminal.ask({ type: 'snapshot', file: copy }, 'snapshot-taken', 20_000);
          taken = true;
        });
        if (!taken) return;
        await sleep(fault.afterMs);
        return this.withTerminal(fault.terminal, async () => {
          await terminal.kill();
          terminal.restoreFrom(copy);
          await terminal.start();
        });
      }
    }
  }

  /** `kill -9` of one instance at a moment it has requests in flight, restarted after `downMs`. */
  private async killInstance(instance: number, downMs: number): Promise<void> {
    // Not during a whole-service restart: the point is that the others serve while this one is down.
    while (this.restarting || this.service.instances.some((one) => !one.running)) await sleep(100);
    // The moment it is handling something (or after 3 s): what it had in flight is cut off.
    const deadline = Date.now() + 3_000;
    while (this.service.inFlight(instance) === 0 && Date.now() < deadline) await sleep(2);
    const inFlight = this.service.inFlight(instance);
    await this.service.killInstance(instance);
    this.log(`  service instance ${instance} killed with ${inFlight} request(s) in flight`);
    await sleep(downMs);
    await this.service.startInstance(instance);
  }

  /**
   * Resolves at the chosen moment (or after 4 s if it never comes): a few milliseconds into the terminal's next
   * cashier operation (its local transaction is running), right after its push reached the service, or as a pull
   * page is on its way to it (it is about to apply the page).
   */
  private moment(handle: TerminalHandle, when: 'mid-write' | 'mid-pull' | 'after-push'): Promise<void> {
    const terminal = handle.name;
    return new Promise((resolve) => {
      const finish = () => {
        stop();
        stopListening();
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(finish, 4_000);
      const stopListening = handle.listen((message) => {
        if (when === 'mid-write' && message.type === 'op-started') setTimeout(finish, this.random.int(0, 4));
      });
      const stop = this.proxy.observe((event) => {
        if (event.terminal !== terminal) return;
        if (when === 'after-push' && event.phase === 'forwarded' && /\/(sync|naive)\/push$/.test(event.path)) finish();
        // The page is on its way: the terminal is about to apply it.
        if (when === 'mid-pull' && event.phase === 'answered' && /\/(sync|naive)\/pull$/.test(event.path)) setTimeout(finish, 5);
      });
    });
  }
}
