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
      responses: {
        [status]: { description: 'Success' },
        ...(spec.access === 'public' ? {} : { '401': errorResponse('Missing, invalid or expired token'), '403': errorResponse('Role not allowed') }),
        '400': errorResponse('Invalid input: one message line per problem, naming the field'),
        '404': errorResponse('Unknown id (or another business’s)'),
      },
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

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}
