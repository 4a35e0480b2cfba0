/**
 * Property-based fuzzing driven by our own OpenAPI document (issue 13 §3): every operation, with bodies made
 * from its request schema (valid, or mutated), path ids drawn from the caller's own records, another business's
 * records and made-up ones, odd money values, and four callers (owner, cashier, till, nobody). Each answer is
 * held to the rules every answer must keep (`violations`); the first request that breaks one is reported with
 * the seed that finds it again.
 *
 * Kept apart from fuzz.test.ts so the test that plants a fault can run the very same property.
 */
import fc from 'fast-check';
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

export type ActorName = 'owner' | 'cashier' | 'till' | 'nobody';

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
  readonly body: unknown;
}

export function requestArbitrary(operations: readonly FuzzOperation[], world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return pick(operations).chain((operation) =>
    fc
      .record({
        actor: pick<ActorName>(['owner', 'owner', 'cashier', 'till', 'nobody']),
        ids: fc.tuple(...operation.params.map(() => idArbitrary(world))),
        body: operation.body ? bodyArbitrary(operation.body, world) : fc.constant(undefined),
      })
      .map(({ actor, ids, body }) => {
        let url = operation.path;
        operation.params.forEach((name, index) => (url = url.replace(`{${name}}`, encodeURIComponent(ids[index] ?? 'x'))));
        return { operation, actor, url, body };
      }),
  );
}

export async function send(world: FuzzWorld, request: FuzzRequest): Promise<ApiResponse> {
  const token = request.actor === 'nobody' ? undefined : world.tokens[request.actor];
  return world.server.request(request.operation.method, request.url, {
    ...(token ? { token } : {}),
    ...(request.body === undefined ? {} : { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) }),
  });
}

const ERROR_KEYS = ['detail', 'message', 'path', 'statusCode', 'timestamp'].join();
const STACK = /\bat [^\s]+ \(?[^\s]*\.(ts|js):\d+|\n\s+at |node_modules|\.ts:\d+:\d+/;
const HASH = /scrypt\$|\$2[aby]\$|pin_hash|password_hash|"pincode"\s*:\s*"\d/;

/** Every rule an answer breaks (empty when it keeps them all). */
export function violations(world: FuzzWorld, request: FuzzRequest, response: ApiResponse): string[] {
  const problems: string[] = [];
  const { status } = response;
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  if (status >= 500 && !(status === 503 && request.operation.statuses.has(503)) && !(status === 502 && request.operation.statuses.has(502)))
    problems.push(`a ${status}`);
  if (!request.operation.statuses.has(status)) problems.push(`status ${status} is not declared for ${request.operation.operationId}`);
  if (status >= 400) {
    const body = response.body as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null || Object.keys(body).sort().join() !== ERROR_KEYS || body.statusCode !== status)
      problems.push('an error without the error body');
  }
  if (STACK.test(text)) problems.push('a stack trace');
  if (HASH.test(text)) problems.push('a hash or PIN');
  for (const secret of world.secrets) if (text.includes(secret)) problems.push(`the secret ${secret.slice(0, 4)}…`);
  const sent = `${request.url} ${JSON.stringify(request.body ?? null)}`;
  for (const marker of world.foreignMarkers) {
    if (text.includes(marker) && !sent.includes(marker)) problems.push(`another business's ${marker}`);
  }
  return problems;
}

export const describeRequest = (request: FuzzRequest) =>
  `${request.actor} ${request.operation.method} ${request.url} ${JSON.stringify(request.body ?? null)?.slice(0, 500)}`;
