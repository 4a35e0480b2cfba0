/** The registry: one list shared with the tills, the service's own operations on top, each operation once. */
import { describe, expect, it } from 'vitest';
import { findOperation } from '../shared/catalogue/index.js';
import { domainHandlers, sharedHandlers } from '../app/handlers.js';
import { serverHandlers, serverOnlyHandlers } from './handlers.js';

describe('the handler registry', () => {
  it('registers every operation once, across the shared list and the service-only one', () => {
    const ids = [...sharedHandlers, ...serverOnlyHandlers].map((definition) => definition.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('keeps the analytics query and both chats out of the map a till runs', () => {
    const serverOnly = serverOnlyHandlers.map((definition) => definition.operationId);
    expect(serverOnly).toEqual(expect.arrayContaining(['QueryController_execute', 'AiChatController_createSession', 'NaturalChatController_getSessions']));
    for (const id of serverOnly) expect(domainHandlers.has(id)).toBe(false);
  });

  it('marks every service-only operation online-only in the catalogue, so no till ever queues one', () => {
    for (const definition of serverOnlyHandlers) expect(findOperation(definition.operationId)?.offline).toBe('online-only');
  });

  it('routes on the service both the shared operations and its own', () => {
    const routed = serverHandlers();
    expect(routed.size).toBe(sharedHandlers.length + serverOnlyHandlers.length);
    expect(routed.get('ReceiptController_create')).toBe(domainHandlers.get('ReceiptController_create'));
    expect(routed.has('QueryController_execute')).toBe(true);
  });
});
