/**
 * How JSON bodies are parsed. Fastify's parser refuses a body holding a `__proto__` property (or `constructor`
 * with a `prototype`) as invalid JSON, since code that copies objects could turn it into a prototype. That is
 * right for a request a person retries by hand, and wrong for a till's push: the till sends the same batch again
 * until it is answered, so one such operation refused the whole batch and stopped the till's queue for good. The
 * push is parsed as plain JSON (JSON.parse keeps such a property as data, harmlessly) and every operation's values
 * are checked before anything reads them: one holding such a property is rejected alone (app/sync/value-shape.ts).
 */
import type { FastifyInstance } from 'fastify';
import { findOperation } from '../shared/catalogue/index.js';
import { fastifyPath } from './routes.js';

/** The routes whose bodies are checked for prototype properties by their handler, not refused by the parser. */
const CHECKED_BY_HANDLER = new Set([fastifyPath(findOperation('SyncController_push')!.path)]);

export function installJsonBodies(app: FastifyInstance): void {
  const refusing = app.getDefaultJsonParser('error', 'error');
  const plain = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    (CHECKED_BY_HANDLER.has(request.routeOptions.url ?? '') ? plain : refusing)(request, body as string, done),
  );
}
