/**
 * The history each actor writes: JSON lines appended to its own file and fsynced one by one, so a line written
 * before a `kill -9` is on disk (a terminal reports an operation only after its local commit returned, and the
 * checkers read these files after the run). Jepsen's vocabulary: `invoke` before a cashier's operation, `ok` once
 * it is committed locally (with its mutationId), `refused` when the till refused it (nothing queued); an `invoke`
 * with no outcome is indeterminate (the process died in between).
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';

export interface InvokeEvent {
  readonly k: 'invoke';
  readonly i: number;
  readonly name: string;
  readonly params: Record<string, string>;
  readonly body: unknown;
  readonly t: number;
}

export interface OkEvent {
  readonly k: 'ok';
  readonly i: number;
  readonly name: string;
  readonly mutationId: string;
  readonly seq: number;
  readonly epoch: string;
  readonly occurredAt: string;
  /** What the operation was asked to do (params, body, and for absolute edits the basis the till recorded). */
  readonly params: Record<string, string>;
  readonly body: unknown;
  readonly basis: string | null;
  readonly t: number;
}

export interface RefusedEvent {
  readonly k: 'refused';
  readonly i: number;
  readonly name: string;
  readonly status: number;
  readonly message: string;
  /** The refusal's code when it has one (`TILL_COPY`: a copy of a till told it is one). */
  readonly code?: string | null;
  readonly t: number;
}

/** The till's database was copied here (the copy a later restore puts back). */
export interface SnapshotEvent {
  readonly k: 'snapshot';
  readonly file: string;
  readonly t: number;
}

/** Written by the harness: the terminal was restarted on the copy taken at the last snapshot. */
export interface RestoredEvent {
  readonly k: 'restored';
  readonly file: string;
  readonly t: number;
}

/** A process of this terminal started (after enrollment or a restart). */
export interface StartEvent {
  readonly k: 'start';
  readonly pid: number;
  readonly incarnation: number;
  /** The process's OS clock minus the real time when it started. */
  readonly skewMs?: number;
  readonly t: number;
}

/** The process's OS clock was moved (a clock jump, or back): from now on it is the real time plus `skewMs`. */
export interface ClockSetEvent {
  readonly k: 'clock-set';
  readonly skewMs: number;
  readonly t: number;
}

/**
 * What the till itself says of its clock changed (its sync status, ./till-clock.ts): `skewMs` is how far it finds
 * its OS clock off (null: within 2 minutes, or it cannot tell).
 */
export interface ClockSeenEvent {
  readonly k: 'clock-seen';
  readonly skewMs: number | null;
  readonly t: number;
}

/** The till was told it is a copy of another till (its status's `copyDetectedAt` became set). */
export interface CopyToldEvent {
  readonly k: 'copy-told';
  readonly detectedAt: string;
  readonly t: number;
}

/** A copy of a till was enrolled as a new till: new terminal, selling at `workplaceId` from now on. */
export interface EnrolledEvent {
  readonly k: 'enrolled';
  readonly terminalId: string;
  readonly workplaceId: string;
  readonly t: number;
}

/** After a pull, the outbox still held an operation the page acknowledged (I4). */
export interface AckViolationEvent {
  readonly k: 'ack-violation';
  readonly epoch: string;
  readonly ackSeq: number;
  readonly seqs: number[];
  readonly t: number;
}

/** The service reset the till (its cursor fell below the log's retention floor, …): it downloads its scope again. */
export interface ResetEvent {
  readonly k: 'reset';
  readonly reason: string;
  readonly t: number;
}

export type HistoryEvent =
  | InvokeEvent
  | OkEvent
  | RefusedEvent
  | SnapshotEvent
  | RestoredEvent
  | StartEvent
  | AckViolationEvent
  | ResetEvent
  | ClockSetEvent
  | ClockSeenEvent
  | CopyToldEvent
  | EnrolledEvent;

export class HistoryWriter {
  private readonly fd: number;

  constructor(readonly file: string) {
    this.fd = openSync(file, 'a');
  }

  /** Appends one event and waits for it to reach the disk. */
  write(event: HistoryEvent): void {
    writeSync(this.fd, `${JSON.stringify(event)}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** Reads a history; a torn last line (the process died while writing it) is ignored. */
export function readHistory(file: string): HistoryEvent[] {
  if (!existsSync(file)) return [];
  const events: HistoryEvent[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      events.push(JSON.parse(line) as HistoryEvent);
    } catch {
      // Only the last line can be torn; anything else unparsable is ignored the same way.
    }
  }
  return events;
}
