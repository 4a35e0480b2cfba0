/**
 * Reading a push's body (docs/sync.md, "Push"). A till resends the same batch until it gets an answer, so anything
 * that refuses or breaks the whole batch because of ONE operation stops that till's queue for good. Only what places
 * the batch in the queue refuses it (400): its top level, and each operation's `seq` and `mutationId`. Everything
 * else about an operation — its envelope (PushedOperationDto), how deep its values nest, property names that would
 * reach an object's prototype — makes that operation `malformed`: it is rejected as its result (INVALID, the problem
 * named) and the others of the batch apply.
 *
 * What is stored of a malformed operation must be storable whatever it holds: every part of it is kept as JSON
 * text when it can be serialised and is at most `MAX_STORED_PART_BYTES`, else as a note saying why not (the till
 * keeps the full payload in its own inbox).
 */
import { PushEnvelopeDto, PushedOperationDto, PushedOperationSlot, type PushDto } from '../../shared/catalogue/sync.js';
import { validate, type Validated } from '../../shared/validation.js';
import { valueShapeProblem } from './value-shape.js';

/** What is kept of a malformed operation besides its stand-in fields, each storable as it is. */
export interface StoredOperation {
  /** When the till says it happened, when that is a usable date. */
  readonly occurredAt: string | null;
  /** `{args, params, basis, actor}` as JSON text, each part bounded (see `storablePart`). */
  readonly payload: string;
  /** `{params, args, basis}`, the same way: what a revoked terminal's refused operation keeps. */
  readonly refusedPayload: string;
}

/** Why an operation cannot run, and what is kept of it. */
export interface Malformed {
  readonly problems: readonly string[];
  readonly stored: StoredOperation;
}

/**
 * One operation of a push. A malformed one carries `malformed`; its other fields are then storable stand-ins — its
 * name, version, time and employee when each was usable, else `(malformed)`, 0 and empty — and it never runs.
 */
export type QueuedOperation = PushedOperationDto & { readonly malformed?: Malformed };

export type PushBatch = Omit<PushDto, 'mutations'> & { readonly mutations: readonly QueuedOperation[] };

/** The largest part of a malformed operation stored as sent; a larger one is stored as a note. */
export const MAX_STORED_PART_BYTES = 64 * 1024;

/** Reads a push body: its batch, or the problems that refuse the whole batch (each naming its field). */
export function readPushBatch(raw: unknown): Validated<PushBatch> {
  const envelope = validate(PushEnvelopeDto, raw);
  if (!envelope.ok) return envelope;
  const problems: string[] = [];
  const slots = envelope.value.mutations.map((operation, index) => {
    if (!isRecord(operation)) {
      problems.push(`mutations.${index} must be an object`);
      return null;
    }
    const slot = validate(PushedOperationSlot, { seq: operation.seq, mutationId: operation.mutationId });
    if (!slot.ok) problems.push(...slot.problems.map((line) => `mutations.${index}.${line}`));
    return slot.ok ? slot.value : null;
  });
  if (problems.length === 0 && !slots.every((slot, index) => index === 0 || slot!.seq === slots[index - 1]!.seq + 1)) {
    problems.push('mutations must have consecutive seq numbers');
  }
  if (problems.length > 0) return { ok: false, problems };
  const mutations = envelope.value.mutations.map((operation, index) => readOperation(operation as Record<string, unknown>, slots[index]!));
  return { ok: true, value: { ...envelope.value, mutations } };
}

/** One operation: as PushedOperationDto, or malformed with its problems. */
function readOperation(raw: Record<string, unknown>, slot: { seq: number; mutationId: string }): QueuedOperation {
  const problems = shapeProblems(raw);
  if (problems.length === 0) {
    const checked = validate(PushedOperationDto, raw);
    if (checked.ok) return checked.value;
    problems.push(...checked.problems);
  }
  return { ...standIn(raw, slot), malformed: { problems, stored: storedOf(raw) } };
}

const PARTS = ['args', 'params', 'basis', 'actor'] as const;

/** What JSON parsing lets through but nothing downstream may meet: deep nesting, prototype keys, a body that is not an object. */
function shapeProblems(raw: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const part of PARTS) {
    const problem = valueShapeProblem(raw[part], part);
    if (problem) problems.push(problem);
  }
  const args = raw.args;
  if (problems.length === 0 && args !== undefined && args !== null && !isRecord(args)) problems.push('args must be an object');
  return problems;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of the raw operation when it passes its own check, else undefined. */
function usable<T>(value: unknown, schema: { safeParse(value: unknown): { success: boolean; data?: T } }): T | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const shape = PushedOperationDto.shape;

function standIn(raw: Record<string, unknown>, slot: { seq: number; mutationId: string }): PushedOperationDto {
  return {
    ...slot,
    name: usable<string>(raw.name, shape.name) ?? '(malformed)',
    v: usable<number>(raw.v, shape.v) ?? 0,
    occurredAt: usable<string>(raw.occurredAt, shape.occurredAt) ?? '',
    actor: { employeeId: usable<string>((raw.actor as { employeeId?: unknown } | null | undefined)?.employeeId, shape.actor.shape.employeeId) ?? '' },
  };
}

function storedOf(raw: Record<string, unknown>): StoredOperation {
  const part = (name: (typeof PARTS)[number]) => storablePart(raw[name], name);
  return {
    occurredAt: usable<string>(raw.occurredAt, shape.occurredAt) ?? null,
    payload: `{"args":${part('args')},"params":${part('params')},"basis":${part('basis')},"actor":${part('actor')}}`,
    refusedPayload: `{"params":${part('params')},"args":${part('args')},"basis":${part('basis')}}`,
  };
}

/** A part of an operation as JSON text, or a note of why it was not kept (it could not be serialised, or is too large). */
export function storablePart(value: unknown, name: string): string {
  if (value === undefined) return 'null';
  const problem = valueShapeProblem(value, name);
  const text = problem ? null : JSON.stringify(value);
  if (text !== null && Buffer.byteLength(text) <= MAX_STORED_PART_BYTES) return text;
  const why = problem ?? `${name} is ${Buffer.byteLength(text!)} bytes of JSON, more than the ${MAX_STORED_PART_BYTES} kept of a rejected operation`;
  return JSON.stringify({ omitted: why });
}
