/**
 * Property-based fuzzing driven by our own OpenAPI document (issue 13 §3): every operation, with bodies made
 * from its request schema (valid, or mutated), path ids drawn from the caller's own records, another business's
 * records and made-up ones, odd money values, and six callers (owner, cashier, till, nobody, and a cashier and a
 * till of the business's second point — the till pushing each write as a queued operation). Each answer is held to
 * the rules every answer must keep (`violations`); the first request that breaks one is reported with the seed that
 * finds it again.
 *
 * Kept apart from fuzz.test.ts so the test that plants a fault can run the very same property.
 */
import fc from 'fast-check';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { buildOpenApiDocument } from '../../server/openapi.js';
import type { ApiResponse, TestServer } from './server.js';

type Schema = Record<string, unknown>;

export interface FuzzOperation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly params: readonly string[];
  readonly body?: Schema;
  readonly statuses: ReadonlySet<number>;
}

/** Every operation of the document, with the statuses it declares. */
/**
 * Operations whose answer to a till is an event stream that stays open (pokes): a request that never ends would stall
 * the run. Their refusals of every other caller are tested in test/server/sync-pokes.test.ts.
 */
const OPEN_STREAMS: ReadonlySet<string> = new Set(['SyncController_pokes']);

export function documentOperations(): FuzzOperation[] {
  const document = buildOpenApiDocument('fuzz') as { paths: Record<string, Record<string, Schema>> };
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (OPEN_STREAMS.has(String(operation.operationId))) continue;
      const parameters = (operation.parameters ?? []) as { name: string; in: string }[];
      const requestBody = operation.requestBody as { content: Record<string, { schema: Schema }> } | undefined;
      operations.push({
        operationId: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        params: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        ...(requestBody ? { body: requestBody.content['application/json']?.schema ?? {} } : {}),
        statuses: new Set(Object.keys(operation.responses as object).map(Number)),
      });
    }
  }
  return operations;
}

/**
 * Who calls: `till` sends REST requests with a till's device credential; `otherCashier` is a PIN token at the second
 * point, and `otherTill` a till of the second point that pushes every write it draws (`send`).
 */
export type ActorName = 'owner' | 'cashier' | 'till' | 'nobody' | 'otherCashier' | 'otherTill';

/** The second point's till as it pushes: its queue and the employee it pushes as. */
export interface FuzzPusher {
  readonly terminalId: string;
  readonly epoch: string;
  readonly employeeId: string;
  /** The queue's last seq; each push takes the next. */
  seq: number;
}

export interface FuzzWorld {
  readonly server: TestServer;
  /** Tokens by actor (nobody has none). */
  readonly tokens: Readonly<Record<Exclude<ActorName, 'nobody'>, string>>;
  /** Ids of the caller's own business's records, and of the other business's. */
  readonly ownIds: readonly string[];
  readonly foreignIds: readonly string[];
  /** Texts only the other business has (names, its id): none may ever appear in an answer to the caller. */
  readonly foreignMarkers: readonly string[];
  /** Secrets no answer may contain: passwords, PINs, the signing key. */
  readonly secrets: readonly string[];
  readonly pusher: FuzzPusher;
  /** Valid writes for the second point's callers, with the first point's ids they may be turned to. */
  readonly corpus?: FuzzCorpus;
}

/**
 * Writes a second point's cashier may validly make at its own point, and, for each id of its point they name, the
 * first point's counterpart (its point, till, shift, warehouse, stock row, cashier). Drawn requests swap any of them:
 * random bodies rarely get past validation, these do, and then only the point scope stands in the way.
 */
export interface FuzzCorpus {
  readonly entries: readonly { readonly operationId: string; readonly params?: Readonly<Record<string, string>>; readonly body?: unknown }[];
  readonly swaps: Readonly<Record<string, string>>;
}

/** Made-up ids: well-formed but unknown, malformed, and hostile. */
const RANDOM_IDS = [
  '00000000-0000-7000-8000-000000000000',
  '0196a3b2-0000-7000-8000-00000000abcd',
  '0',
  '-1',
  'x',
  'null',
  '%20',
  '..%2F..%2Fetc%2Fpasswd',
  "' or 1=1 --",
  '9'.repeat(40),
  'a'.repeat(300),
];

/** Money and quantity values a client might send, and a few no client should. */
export const ODD_MONEY: readonly unknown[] = [
  '0',
  '-0',
  '0.01',
  '-1',
  '1.005',
  '0.0001',
  '12500.5',
  '119999999999999.93',
  '99999999999999999999.99',
  '9223372036854775807',
  '9223372036854775808',
  '1e3',
  '1E-7',
  ' 1',
  '1,5',
  '١٢',
  'NaN',
  'Infinity',
  '',
  '.5',
  '5.',
  '+5',
  0,
  -1,
  0.1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  null,
  true,
  [],
  {},
];

/** Ordinary amounts as often as odd ones, so requests also get past validation into the operations. */
const moneyArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: pick(ODD_MONEY) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 100000 }).map(String) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `${a}.${b}`) },
);

const MONEY_NAME = /price|cost|sum|total|quantity|amount|paid|fee|discount|tax|balance|change|percent|value|tip|rounding|debt/i;
const ID_NAME = /(^id$|Id$|_id$|Ids$|_ids$|^guid$)/;

const oddText = fc.constantFrom('', ' ', 'a', 'ä ö ü', '名前', '\u200b', '<script>alert(1)</script>', "Robert'); drop table items;--", 'x'.repeat(2001), '\u202e', '%s%n');

function pick<T>(values: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...values);
}

/** An id for a field or path: the caller's, the other business's, or made up. */
function idArbitrary(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(pick(world.ownIds), pick(world.foreignIds), pick(RANDOM_IDS), fc.uuid());
}

function stringArbitrary(schema: Schema, name: string, world: FuzzWorld): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.oneof({ weight: 4, arbitrary: pick(schema.enum as unknown[]) }, { weight: 1, arbitrary: oddText });
  if (ID_NAME.test(name)) return idArbitrary(world);
  if (MONEY_NAME.test(name)) return moneyArbitrary;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 40);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: Math.min(minLength, maxLength), maxLength }) },
    { weight: 1, arbitrary: oddText },
    { weight: 1, arbitrary: idArbitrary(world) },
  );
}

/** A value for `schema`: usually what it asks for, sometimes not (`depth` keeps nested schemas finite). */
export function valueArbitrary(schema: Schema | undefined, name: string, world: FuzzWorld, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constantFrom(null, 'x', 1);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return fc.oneof(...variants.map((variant) => valueArbitrary(variant, name, world, depth + 1)));
  if (Array.isArray(schema.allOf)) return valueArbitrary({ ...schema, allOf: undefined, ...(schema.allOf[0] as Schema) }, name, world, depth);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return pick(schema.enum as unknown[]);
  switch (schema.type) {
    case 'object':
      return objectArbitrary(schema, world, depth);
    case 'array': {
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, 3);
      return fc.array(valueArbitrary(schema.items as Schema, name, world, depth + 1), { maxLength });
    }
    case 'string':
      return stringArbitrary(schema, name, world);
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -5;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
      return fc.oneof(fc.integer({ min, max: Math.max(min, Math.min(max, min + 1000)) }), pick([-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, 1.5]));
    }
    case 'number':
      return MONEY_NAME.test(name) ? moneyArbitrary : fc.oneof(fc.double({ noNaN: true }), fc.integer());
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      // Anything (an unrepresentable type): JSON of any shape.
      return fc.oneof(fc.constant(null), fc.string({ maxLength: 10 }), fc.integer(), pick(ODD_MONEY));
  }
}

function objectArbitrary(schema: Schema, world: FuzzWorld, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) model[key] = valueArbitrary(property, key, world, depth + 1);
  const keys = Object.keys(model);
  return fc.record(model, { requiredKeys: keys.filter((key) => required.has(key)) });
}

/** A schema-shaped body, or one broken in one of the ways clients break bodies. */
function bodyArbitrary(schema: Schema, world: FuzzWorld): fc.Arbitrary<unknown> {
  const valid = valueArbitrary(schema, 'body', world);
  const required = (schema.required ?? []) as string[];
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, pick(required.length > 0 ? required : ['zzz'])).map(([body, key]) => {
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
        const { [key]: _dropped, ...rest } = body as Record<string, unknown>;
        return rest;
      }),
    },
    { weight: 1, arbitrary: valid.map((body) => (typeof body === 'object' && body !== null ? { ...body, zzz_unknown: 1 } : body)) },
    { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.constant([]), fc.constant('text'), fc.constant(7), fc.constant('{"a":')) },
  );
}

export interface FuzzRequest {
  readonly operation: FuzzOperation;
  readonly actor: ActorName;
  readonly url: string;
  /** The path parameters the url carries, by name (a till pushes them as its operation's params). */
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/** A value with each id the corpus knows kept or turned to its first point's counterpart. */
function swapped(value: unknown, swaps: Readonly<Record<string, string>>): fc.Arbitrary<unknown> {
  if (typeof value === 'string' && swaps[value] !== undefined) return fc.constantFrom(value, swaps[value]);
  if (Array.isArray(value)) return value.length === 0 ? fc.constant([]) : fc.tuple(...value.map((item) => swapped(item, swaps)));
  if (typeof value === 'object' && value !== null) {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, item] of Object.entries(value)) model[key] = swapped(item, swaps);
    return fc.record(model);
  }
  return fc.constant(value);
}

/** The corpus's writes, by a second point's cashier or till, with some ids turned to the first point's. */
function corpusArbitrary(operations: readonly FuzzOperation[], corpus: FuzzCorpus): fc.Arbitrary<FuzzRequest> | undefined {
  const entries = corpus.entries.flatMap((entry) => {
    const operation = operations.find((candidate) => candidate.operationId === entry.operationId);
    return operation ? [{ ...entry, operation }] : [];
  });
  if (entries.length === 0) return undefined;
  return pick(entries).chain((entry) =>
    fc
      .record({
        actor: pick<ActorName>(['otherCashier', 'otherTill']),
        params: swapped(entry.params ?? {}, corpus.swaps) as fc.Arbitrary<Record<string, string>>,
        body: swapped(entry.body, corpus.swaps),
      })
      .map(({ actor, params, body }) => {
        let url = entry.operation.path;
        for (const [name, value] of Object.entries(params)) url = url.replace(`{${name}}`, encodeURIComponent(value));
        return { operation: entry.operation, actor, url, params, body };
      }),
  );
}

export function requestArbitrary(operations: readonly FuzzOperation[], world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const drawn = drawnArbitrary(operations, world);
  const corpus = world.corpus ? corpusArbitrary(operations, world.corpus) : undefined;
  return corpus ? fc.oneof({ weight: 7, arbitrary: drawn }, { weight: 1, arbitrary: corpus }) : drawn;
}

/** Any operation of the document, by any caller, with a drawn body and ids. */
function drawnArbitrary(operations: readonly FuzzOperation[], world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return pick(operations).chain((operation) =>
    fc
      .record({
        // A till pushes only writes (it answers its reads itself).
        actor: pick<ActorName>(
          operation.method === 'GET'
            ? ['owner', 'owner', 'cashier', 'till', 'nobody', 'otherCashier']
            : ['owner', 'owner', 'cashier', 'till', 'nobody', 'otherCashier', 'otherTill'],
        ),
        ids: fc.tuple(...operation.params.map(() => idArbitrary(world))),
        body: operation.body ? bodyArbitrary(operation.body, world) : fc.constant(undefined),
      })
      .map(({ actor, ids, body }) => {
        let url = operation.path;
        const params: Record<string, string> = {};
        operation.params.forEach((name, index) => {
          params[name] = ids[index] ?? 'x';
          url = url.replace(`{${name}}`, encodeURIComponent(params[name]));
        });
        return { operation, actor, url, params, body };
      }),
  );
}

/** The second point's till pushes the drawn write as one queued operation, as the employee it pushes as. */
function push(world: FuzzWorld, request: FuzzRequest): Promise<ApiResponse> {
  const { pusher } = world;
  pusher.seq += 1;
  const mutation = {
    seq: pusher.seq,
    mutationId: uuidv7(),
    name: request.operation.operationId,
    v: 1,
    occurredAt: new Date().toISOString(),
    actor: { employeeId: pusher.employeeId },
    ...(request.body === undefined ? {} : { args: request.body }),
    ...(request.operation.params.length > 0 ? { params: request.params } : {}),
  };
  return world.server.request('POST', '/api/v1/sync/push', {
    token: world.tokens.otherTill,
    body: { protocolVersion: PROTOCOL_VERSION, terminalId: pusher.terminalId, epoch: pusher.epoch, mutations: [mutation] },
  });
}

export async function send(world: FuzzWorld, request: FuzzRequest): Promise<ApiResponse> {
  if (request.actor === 'otherTill') return push(world, request);
  const token = request.actor === 'nobody' ? undefined : world.tokens[request.actor];
  return world.server.request(request.operation.method, request.url, {
    ...(token ? { token } : {}),
    ...(request.body === undefined ? {} : { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) }),
  });
}

const ERROR_KEYS = ['detail', 'message', 'path', 'statusCode', 'timestamp'].join();
const STACK = /\bat [^\s]+ \(?[^\s]*\.(ts|js):\d+|\n\s+at |node_modules|\.ts:\d+:\d+/;
const HASH = /scrypt\$|\$2[aby]\$|pin_hash|password_hash|"pincode"\s*:\s*"\d/;

/** What a push must answer: 201 with the operation applied or rejected with its reason, never for a fault. */
function pushProblems(response: ApiResponse): string[] {
  if (response.status !== 201) return [`a push answered ${response.status}`];
  const result = (response.body as { results?: { status?: string; result?: { error?: { statusCode?: number } } }[] }).results?.[0];
  if (result?.status !== 'applied' && result?.status !== 'rejected') return ['a push without its operation’s result'];
  const code = result.result?.error?.statusCode;
  return code !== undefined && code >= 500 ? [`a pushed operation rejected with ${code}`] : [];
}

/** Every rule an answer breaks (empty when it keeps them all). */
export function violations(world: FuzzWorld, request: FuzzRequest, response: ApiResponse): string[] {
  const problems: string[] = [];
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  if (request.actor === 'otherTill') problems.push(...pushProblems(response));
  else problems.push(...answerProblems(request, response));
  if (STACK.test(text)) problems.push('a stack trace');
  if (HASH.test(text)) problems.push('a hash or PIN');
  for (const secret of world.secrets) if (text.includes(secret)) problems.push(`the secret ${secret.slice(0, 4)}…`);
  const sent = `${request.url} ${JSON.stringify(request.body ?? null)}`;
  for (const marker of world.foreignMarkers) {
    if (text.includes(marker) && !sent.includes(marker)) problems.push(`another business's ${marker}`);
  }
  return problems;
}

/** The rules of a REST answer: no fault, a declared status, the reference's error body. */
function answerProblems(request: FuzzRequest, response: ApiResponse): string[] {
  const problems: string[] = [];
  const { status } = response;
  if (status >= 500 && !(status === 503 && request.operation.statuses.has(503)) && !(status === 502 && request.operation.statuses.has(502)))
    problems.push(`a ${status}`);
  if (!request.operation.statuses.has(status)) problems.push(`status ${status} is not declared for ${request.operation.operationId}`);
  if (status >= 400) {
    const body = response.body as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null || Object.keys(body).sort().join() !== ERROR_KEYS || body.statusCode !== status)
      problems.push('an error without the error body');
  }
  return problems;
}

export const describeRequest = (request: FuzzRequest) =>
  `${request.actor} ${request.operation.method} ${request.url} ${JSON.stringify(request.body ?? null)?.slice(0, 500)}`;
