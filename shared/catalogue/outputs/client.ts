/** Output schemas of the client operations: a client record, as created, listed, read, changed and deleted. */
import { many, money, resource, text } from './kit.js';

export const ClientWire = resource({
  full_name: text(),
  phone_number: text().nullable(),
  email: text().nullable(),
  address: text().nullable(),
  /** As stored from the ISO date the client gave. */
  birthday: text().nullable(),
  /** Our addition: how much the client may owe; null: no limit. */
  credit_limit: money().nullable(),
});

export const clientOutputs = {
  ClientController_create: ClientWire,
  ClientController_findAll: many(ClientWire),
  ClientController_findOne: ClientWire,
  ClientController_update: ClientWire,
  ClientController_remove: ClientWire,
} as const;
