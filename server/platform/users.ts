/** How a business user looks on the wire: every stored field except any password or hash. */
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import { flag } from '../../db/values.js';

export type UserRow = Selectable<UsersTable>;

export function userWire(row: UserRow) {
  return {
    id: row.id,
    login: row.login,
    full_name: row.full_name,
    role: row.role,
    business_id: row.business_id,
    time_zone: row.time_zone,
    public_name: row.public_name,
    language: row.language,
    details: row.details,
    second_verification: flag(row.second_verification),
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

/** Logins are unique ignoring case and Unicode width/compatibility forms ("Shop1", "ＳＨＯＰ1" and "shop1" are one). */
export { loginKey } from '../../shared/identity-text.js';
