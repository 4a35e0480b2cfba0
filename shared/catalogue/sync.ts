/**
 * Sync operations (docs/sync.md): the reference's two (`pull`, `push`) with our protocol, and our extensions —
 * terminal enrollment, device credentials and bootstrap — marked `extension: true`.
 *
 * The protocol bodies (pull, bootstrap, enroll) use the camelCase of SYNC.md; the back-office records (codes,
 * terminals) answer in the snake_case of every other record.
 */
import { z } from 'zod';
import { dto, id, isoDate, list, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';
import { TerminalHealthDto } from './terminal-health.js';

/** A whole number in [min, max] (JSON numbers only: protocol bodies are written by programs, not typed). */
const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') })
    .int({ error: 'must be an integer' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

/** An epoch: the random id a terminal mints with each local database. */
const epoch = () => requiredText().max(64, { error: 'must be at most 64 characters' }).regex(/^[A-Za-z0-9_-]+$/, { error: 'must contain only letters, digits, "-" and "_"' });

/** The protocol version the terminal speaks; outside the served window the answer is 426. */
const protocolVersion = () => wholeNumber(0, 1_000_000);

/** A random identity written by the service or the till (a generation, an install): base64url, at most 40 characters. */
const token = () =>
  requiredText()
    .max(40, { error: 'must be at most 40 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'must contain only letters, digits, "-" and "_"' });

/** Protocol 3: the service generation the till last synced under (absent before it learned one). */
const generation = () => token().nullish();

/** Protocol 3: this install of the terminal (main/terminal/install-id.ts): a copy of a till's data is another install. */
const installId = () => token().nullish();

/** A value of an incident's detail: a number, a short text, a flag or null — never a nested value. */
const incidentValue = z.union([z.string().max(500, { error: 'must be at most 500 characters' }), z.number().finite(), z.boolean(), z.null()], {
  error: 'must be a number, a text of at most 500 characters, a boolean or null',
});

/** Something that went wrong at the till, reported once for the office (recorded by its id). */
export const IncidentDto = dto({
  id: token(),
  /** SERVICE_REWOUND, CLOCK_JUMP, … (upper case). */
  kind: requiredText().max(40, { error: 'must be at most 40 characters' }).regex(/^[A-Z_]+$/, { error: 'must be upper-case letters and "_"' }),
  occurredAt: isoDate(),
  detail: z
    .record(z.string().max(40, { error: 'must be at most 40 characters' }), incidentValue)
    .refine((detail) => Object.keys(detail).length <= 20, { error: 'must have at most 20 entries' }),
});
export type IncidentDto = z.output<typeof IncidentDto>;

export const CreateEnrollmentCodeDto = dto({
  workplaceId: id(),
});
export type CreateEnrollmentCodeDto = z.output<typeof CreateEnrollmentCodeDto>;

export const EnrollDto = dto({
  code: requiredText().max(40, { error: 'must be at most 40 characters' }),
  /** A label for the device shown in the terminal list ("Till 2 by the door"). */
  name: text().max(200, { error: 'must be at most 200 characters' }).nullish(),
  protocolVersion: protocolVersion().optional(),
  /**
   * Enrolling again: the credential the service refused (revoked, workplace deleted). With a code of the same
   * business the same terminal id is re-activated, so its queued operations continue exactly once; with a code of
   * another business the enrollment is refused (409 OTHER_BUSINESS) and the code stays unspent.
   */
  previousAccessToken: text().max(4000, { error: 'must be at most 4000 characters' }).nullish(),
  /** Protocol 3: the install the credential is bound to (another install using it is a copy of this till). */
  installId: installId(),
  /**
   * Protocol 4: the signed provisioning file the code came from (docs/downloads.md). The service refuses it unless
   * it signed it and the code is the file's own, of the business and workplace it names (409 PROVISIONING_MISMATCH).
   */
  provisioning: text().max(16_384, { error: 'must be at most 16384 characters' }).nullish(),
});
export type EnrollDto = z.output<typeof EnrollDto>;

export const PullDto = dto({
  protocolVersion: protocolVersion(),
  /** The terminal's local schema version; recorded for later per-version projections, not used yet. */
  schemaVersion: wholeNumber(0, 1_000_000).optional(),
  terminalId: id(),
  epoch: epoch(),
  /** The cursor the last pull or bootstrap returned; null (or absent) before the first bootstrap. */
  cursor: text().max(200, { error: 'must be at most 200 characters' }).nullish(),
  /** The highest operation sequence number whose result the terminal already holds. */
  knownAck: wholeNumber(0, Number.MAX_SAFE_INTEGER).optional(),
  limitRows: wholeNumber(1, 10_000).optional(),
  limitBytes: wholeNumber(1_024, 16 * 1024 * 1024).optional(),
  /** Protocol 2: the till's health (docs/fleet-health.md), stored for the console's fleet page; a protocol 1 till sends none. */
  health: TerminalHealthDto.nullish(),
  generation: generation(),
  installId: installId(),
  /** Protocol 3: answer, besides the page, where the service stands in each of this terminal's queues (`queues`). */
  wantQueues: z.boolean({ error: 'must be a boolean' }).optional(),
  /** Protocol 3: what went wrong at the till since its last report; the answer names those recorded. */
  incidents: list(IncidentDto, 20).optional(),
});
export type PullDto = z.output<typeof PullDto>;

export const BootstrapDto = dto({
  protocolVersion: protocolVersion(),
  terminalId: id(),
  epoch: epoch(),
  /**
   * Only these mirrored tables (a scoped re-bootstrap; the service checks the names); null or absent for every
   * table. Ignored with a page token, which carries the list.
   */
  tables: list(requiredText().max(64, { error: 'must be at most 64 characters' }), 100).nullish(),
  /** The previous page's `nextPageToken`; null or absent for the first page. */
  pageToken: text().max(4_000, { error: 'must be at most 4000 characters' }).nullish(),
  limitRows: wholeNumber(1, 10_000).optional(),
  generation: generation(),
  installId: installId(),
});
export type BootstrapDto = z.output<typeof BootstrapDto>;

/** The most operations one push carries (the terminal halves its batch on 413 as well). */
export const MAX_PUSH_OPERATIONS = 200;

/** One queued operation of a terminal: a catalogue operation, replayed on the service exactly once, in order. */
export const PushedOperationDto = dto({
  /** Position in the (terminal, epoch) queue: 1, 2, 3, … with no gaps. */
  seq: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  /** Unique per operation; the same seq with another mutationId means the terminal's database was restored. */
  mutationId: id(),
  /** The catalogue operationId. */
  name: requiredText().max(100, { error: 'must be at most 100 characters' }),
  /** The operation's version (its body shape); 1 for every operation so far. */
  v: wholeNumber(1, 1_000),
  /** When the cashier did it, by the terminal's clock (business time; never used to order operations). */
  occurredAt: isoDate(),
  /** Who did it: the employee logged in at the till by PIN. */
  actor: dto({ employeeId: id() }),
  /** For absolute edits: the value the user saw (a decimal string), so the edit applies as a difference. */
  basis: dto({ version: wholeNumber(0, Number.MAX_SAFE_INTEGER).optional(), value: text().max(40, { error: 'must be at most 40 characters' }).nullish() }).nullish(),
  /** The operation's path parameters (e.g. `{ "id": "…" }` for an update). */
  params: z.record(z.string().max(64), id()).optional(),
  /** The operation's body, exactly as its HTTP route takes it; validated by that operation's own schema. */
  args: z.unknown().optional(),
});
export type PushedOperationDto = z.output<typeof PushedOperationDto>;

export const PushDto = dto({
  protocolVersion: protocolVersion(),
  schemaVersion: wholeNumber(0, 1_000_000).optional(),
  appVersion: text().max(40, { error: 'must be at most 40 characters' }).nullish(),
  terminalId: id(),
  epoch: epoch(),
  clientTime: isoDate().nullish(),
  generation: generation(),
  installId: installId(),
  mutations: list(PushedOperationDto, MAX_PUSH_OPERATIONS).refine(
    (mutations) => mutations.every((mutation, index) => index === 0 || mutation.seq === mutations[index - 1]!.seq + 1),
    { error: 'must have consecutive seq numbers' },
  ),
});
export type PushDto = z.output<typeof PushDto>;

/**
 * What a push must hold for its batch to be taken at all: PushDto's top level, and of each operation only its place
 * in the queue (`seq`) and its identity (`mutationId`), which its result is stored and acknowledged under. The rest
 * of each operation is checked one by one against PushedOperationDto (app/sync/push-batch.ts), so a malformed
 * operation is rejected alone, as its result, instead of refusing the whole batch — and every retry of it — forever.
 * PushDto stays the documented shape (OpenAPI).
 */
export const PushEnvelopeDto = PushDto.extend({ mutations: list(z.unknown(), MAX_PUSH_OPERATIONS) });
export type PushEnvelopeDto = z.output<typeof PushEnvelopeDto>;

/** An operation's place and identity: without them its result could not be stored or acknowledged. */
export const PushedOperationSlot = z.object({ seq: PushedOperationDto.shape.seq, mutationId: PushedOperationDto.shape.mutationId });

const terminalOnly = ['TERMINAL'] as const;
const managers = ['OWNER', 'ADMIN'] as const;

export const syncOperations = [
  // The reference's operations, with our protocol; only enrolled terminals may call them (the reference let
  // any user or cashier token overwrite rows, S15).
  operation({ operationId: 'SyncController_pull', method: 'POST', path: '/sync/pull', tag: 'Sync', body: PullDto, access: terminalOnly, offline: 'online-only' }),
  operation({ operationId: 'SyncController_push', method: 'POST', path: '/sync/push', tag: 'Sync', body: PushDto, access: terminalOnly, offline: 'online-only' }),
  // Our extensions.
  // A till's kept connection: server-sent events that say "pull now" (docs/sync.md, "Pokes"; server/sync/pokes-stream.ts).
  operation({ operationId: 'SyncController_pokes', method: 'GET', path: '/sync/pokes', tag: 'Sync', access: terminalOnly, offline: 'online-only', extension: true }),
  operation({ operationId: 'SyncController_bootstrap', method: 'POST', path: '/sync/bootstrap', tag: 'Sync', body: BootstrapDto, access: terminalOnly, offline: 'online-only', extension: true }),
  operation({ operationId: 'SyncController_createEnrollmentCode', method: 'POST', path: '/sync/enrollment-codes', tag: 'Sync', body: CreateEnrollmentCodeDto, access: managers, offline: 'online-only', extension: true }),
  operation({ operationId: 'SyncController_enroll', method: 'POST', path: '/sync/enroll', tag: 'Sync', body: EnrollDto, access: 'public', offline: 'online-only', throttle: 'login', extension: true }),
  operation({ operationId: 'SyncController_listTerminals', method: 'GET', path: '/sync/terminals', tag: 'Sync', access: managers, offline: 'online-only', extension: true }),
  operation({ operationId: 'SyncController_listRefusedOperations', method: 'GET', path: '/sync/refused-operations', tag: 'Sync', access: managers, offline: 'online-only', extension: true }),
  operation({ operationId: 'SyncController_revokeTerminal', method: 'DELETE', path: '/sync/terminals/{id}', tag: 'Sync', access: managers, offline: 'online-only', extension: true }),
] as const;
