/**
 * The service's domain operations: the shared list every till runs too (app/handlers.ts) plus the operations
 * that exist only on the service — the analytics query (server/query), the AI chat (server/ai) and the staff
 * chat (server/chat). The terminal core never loads these: they need the whole business's data, a model
 * provider or other people online, and are `online-only` in the catalogue.
 */
import { domainHandlers } from '../app/handlers.js';
import type { Handler } from '../app/operation.js';
import { aiChatHandlers } from './ai/handlers.js';
import { naturalChatHandlers } from './chat/handlers.js';
import { queryHandlers } from './query/handlers.js';

export const serverOnlyHandlers: readonly Handler[] = [...queryHandlers, ...aiChatHandlers, ...naturalChatHandlers];

/**
 * The map the service routes, built when the routes are registered: the shared map as it is at that moment
 * (tests swap a handler in it before starting a service), with the service's own operations on top.
 */
export function serverHandlers(): ReadonlyMap<string, Handler> {
  return new Map([...domainHandlers, ...serverOnlyHandlers.map((definition) => [definition.operationId, definition] as const)]);
}
