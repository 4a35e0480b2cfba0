/**
 * Checks every operation must pass, shared so each resource's test states them in one line each:
 * authentication, roles, strict bodies, malformed JSON, and tenant isolation.
 */
import { expect } from 'vitest';
import { FORGED_TOKEN } from './actors.js';
import type { ApiResponse, TestServer } from './server.js';

/** The reference's error body, with `message` naming the problem. */
export function expectErrorBody(response: ApiResponse, status: number, message?: string | RegExp) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const body = response.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['detail', 'message', 'path', 'statusCode', 'timestamp']);
  expect(body.statusCode).toBe(status);
  if (message !== undefined) {
    const text = Array.isArray(body.message) ? body.message.join('\n') : String(body.message);
    if (typeof message === 'string') expect(text).toContain(message);
    else expect(text).toMatch(message);
  }
  // Internals never leak: no stack traces, SQL or library names.
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.(ts|js):\d+|SELECT |INSERT |UPDATE "|sqlite|postgres|kysely|zod/i);
}

/** A validation failure: 400 with a message line naming the field. */
export function expectValidation(response: ApiResponse, ...fieldMessages: (string | RegExp)[]) {
  expectErrorBody(response, 400);
  const lines = (response.body as { message: string[] }).message;
  expect(Array.isArray(lines)).toBe(true);
  for (const expected of fieldMessages) {
    expect(lines.some((line) => (typeof expected === 'string' ? line.includes(expected) : expected.test(line))), `${String(expected)} in ${JSON.stringify(lines)}`).toBe(true);
  }
}

/** No token and a forged token are both 401. */
export async function expectAuthRequired(server: TestServer, method: string, url: string, body?: unknown) {
  expectErrorBody(await server.request(method, url, { body }), 401);
  expectErrorBody(await server.request(method, url, { body, token: FORGED_TOKEN }), 401);
  expectErrorBody(await server.request(method, url, { body, token: 'not-a-jwt' }), 401);
}

/** Malformed JSON and unknown fields are 400 for a body-taking operation. */
export async function expectStrictBody(server: TestServer, method: string, url: string, token: string, validBody: Record<string, unknown>) {
  expectErrorBody(await server.request(method, url, { token, body: '{"name":' }), 400, 'not valid JSON');
  expectValidation(await server.request(method, url, { token, body: { ...validBody, zzz_unknown: 1 } }), 'property zzz_unknown should not exist');
}
