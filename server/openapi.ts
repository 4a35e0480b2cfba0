/**
 * The OpenAPI document, generated from the same catalogue and schemas that validate requests, with the
 * reference's operationIds and paths (under /api/v1, as the service really answers).
 */
import { z } from 'zod';
import { catalogue } from '../shared/catalogue/index.js';
import { successStatus, type OperationSpec } from '../shared/catalogue/operation.js';
import { API_PREFIX } from './routes.js';

const errorSchema = {
  type: 'object',
  required: ['statusCode', 'timestamp', 'path', 'message', 'detail'],
  properties: {
    statusCode: { type: 'integer' },
    timestamp: { type: 'string', format: 'date-time' },
    path: { type: 'string' },
    message: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    detail: {},
  },
};

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  // The wire shape is the schema's input (decimals are strings there); drop the meta-schema marker.
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of catalogue as readonly OperationSpec[]) {
    const path = API_PREFIX + (spec.path === '/' ? '' : spec.path);
    const status = String(successStatus(spec));
    const operation: Record<string, unknown> = {
      operationId: spec.operationId,
      tags: [spec.tag],
      parameters: spec.params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      responses: { [status]: { description: 'Success' }, ...errorResponses(spec) },
      'x-kassa-roles': spec.access,
      'x-kassa-offline': spec.offline,
      // Operations of ours that the reference interface does not have.
      ...(spec.extension ? { 'x-kassa-extension': true } : {}),
    };
    if (spec.access !== 'public') operation.security = [{ bearer: [] }];
    if (spec.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(spec.body) } } };
    if (spec.query) {
      const query = jsonSchema(spec.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        (operation.parameters as unknown[]).push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    paths[path] = { ...(paths[path] ?? {}), [spec.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Kassa API', version, description: 'Wire-compatible with the OsonPOS API; see docs/api.md for where and why we differ.' },
    servers: [{ url: '/' }],
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: { Error: errorSchema } },
  };
}

/** Operations whose answer may be a 404 although their path names no id: the record they need is named in the body. */
const NOT_FOUND_WITHOUT_PATH_ID: ReadonlySet<string> = new Set([
  'OrderController_findLastOpen',
  'SettlmentController_findLatest',
  'AuthController_posLogin',
  'SyncController_createEnrollmentCode',
]);

/** Operations that run a reporting query (POST /get, the AI chat's SQL): 429 when too many run at once. */
const REPORTING: ReadonlySet<string> = new Set(['QueryController_execute', 'AiChatController_sendMessage']);

/** Operations that call the AI provider: 502 when it fails, 503 when none is configured. */
const AI_PROVIDER: ReadonlySet<string> = new Set(['AiChatController_sendMessage']);

/**
 * Every error status an operation can answer, each with the error body (server/errors.ts). The fuzz test
 * (test/server/fuzz.test.ts) fails on any status an operation answers that is not declared here.
 */
function errorResponses(spec: OperationSpec): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const add = (code: number, description: string) => (responses[String(code)] = errorResponse(description));
  const writes = spec.method !== 'GET';
  add(400, 'Invalid input: one message line per problem, naming the field');
  if (spec.access !== 'public') add(401, 'Missing, invalid or expired token');
  else if (spec.throttle === 'login') add(401, 'Wrong credentials');
  if (spec.access !== 'public') add(403, 'Role not allowed, or a record outside the caller’s point');
  if (spec.params.length > 0 || NOT_FOUND_WITHOUT_PATH_ID.has(spec.operationId))
    add(404, 'Unknown id (or another business’s)');
  if (writes) add(409, 'Conflicts with the current state (a unique key, a closed document)');
  if (writes) add(413, 'Body over the configured size limit');
  if (writes) add(415, 'Body not sent as application/json');
  if (spec.body && 'protocolVersion' in ((jsonSchema(spec.body).properties as object | undefined) ?? {}))
    add(426, 'The terminal speaks a sync protocol version this service no longer supports: update it');
  if (spec.throttle || REPORTING.has(spec.operationId)) add(429, 'Too many attempts or queries; the Retry-After header says when to retry');
  // A write meets other writers' locks; server/errors.ts and db/transient.ts.
  if (writes) add(503, 'Busy with concurrent changes to the same records, or the database is out of reach: the Retry-After header says when to send it again');
  if (AI_PROVIDER.has(spec.operationId)) {
    add(502, 'The AI provider failed to answer');
    add(503, 'No AI provider is configured on this service (or, as for any write, busy: see Retry-After)');
  }
  return responses;
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}
