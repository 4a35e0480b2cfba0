/**
 * Migrations: numbered, immutable, statically imported (no directory scanning, so bundlers and the terminal
 * see exactly the same list), run by kysely's Migrator on both engines.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_back_office.js';
import * as m0003 from './migrations/0003_auth_security.js';
import * as m0004 from './migrations/0004_stock_documents.js';
import * as m0005 from './migrations/0005_orders_settlements.js';
import * as m0006 from './migrations/0006_chats.js';
import * as m0007 from './migrations/0007_change_log.js';
import * as m0008 from './migrations/0008_terminals.js';
import * as m0009 from './migrations/0009_refused_operations.js';
import * as m0010 from './migrations/0010_pending_by_transaction.js';
import * as m0011 from './migrations/0011_stamp_at_commit.js';
import * as m0012 from './migrations/0012_log_by_scope.js';
import * as m0013 from './migrations/0013_ledger_pair_index.js';
import * as m0014 from './migrations/0014_wire_fidelity.js';
import * as m0015 from './migrations/0015_login_key_casefold.js';
import * as m0017 from './migrations/0017_field_versions.js';
import * as m0018 from './migrations/0018_stock_adjustment_reason.js';
import * as m0019 from './migrations/0019_receipt_prices_debt_payments.js';
import * as m0020 from './migrations/0020_terminal_health.js';
import * as m0022 from './migrations/0022_items_name_index.js';
import * as m0023 from './migrations/0023_modifier_rules.js';
import * as m0024 from './migrations/0024_shift_cash.js';
import * as m0025 from './migrations/0025_order_refunds.js';
import * as m0027 from './migrations/0027_client_credit_limit.js';
import * as m0028 from './migrations/0028_printer_point.js';
import * as m0029 from './migrations/0029_order_numbers_discount_approver.js';
import * as m0030 from './migrations/0030_shared_limits.js';
import * as m0031 from './migrations/0031_log_retention.js';
import * as m0032 from './migrations/0032_logical_capture.js';
import * as m0033 from './migrations/0033_shift_counts.js';
import * as m0034 from './migrations/0034_disaster_identities.js';
import * as m0035 from './migrations/0035_terminal_clock_skew.js';
import * as m0036 from './migrations/0036_sale_numbers.js';
import * as m0037 from './migrations/0037_mutation_duplicates.js';
import * as m0038 from './migrations/0038_login_skeleton.js';
import { ensureCaptureSlot } from './change-capture.js';

/** Every migration in order. Append only; never edit or reorder a shipped one. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_back_office': m0002,
  '0003_auth_security': m0003,
  '0004_stock_documents': m0004,
  '0005_orders_settlements': m0005,
  '0006_chats': m0006,
  '0007_change_log': m0007,
  '0008_terminals': m0008,
  '0009_refused_operations': m0009,
  '0010_pending_by_transaction': m0010,
  '0011_stamp_at_commit': m0011,
  '0012_log_by_scope': m0012,
  '0013_ledger_pair_index': m0013,
  '0014_wire_fidelity': m0014,
  '0015_login_key_casefold': m0015,
  '0017_field_versions': m0017,
  '0018_stock_adjustment_reason': m0018,
  '0019_receipt_prices_debt_payments': m0019,
  '0020_terminal_health': m0020,
  '0022_items_name_index': m0022,
  '0023_modifier_rules': m0023,
  '0024_shift_cash': m0024,
  '0025_order_refunds': m0025,
  '0027_client_credit_limit': m0027,
  '0028_printer_point': m0028,
  '0029_order_numbers_discount_approver': m0029,
  '0030_shared_limits': m0030,
  '0031_log_retention': m0031,
  '0032_logical_capture': m0032,
  '0033_shift_counts': m0033,
  '0034_disaster_identities': m0034,
  '0035_terminal_clock_skew': m0035,
  '0036_sale_numbers': m0036,
  '0037_mutation_duplicates': m0037,
  '0038_login_skeleton': m0038,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the database to the newest schema; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Numbers are handed out to parallel work ahead of merging (0023 lands after 0024 was shipped): a database already
  // past a number runs the missing one on its next start instead of refusing to start.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`);
  }
  // PostgreSQL: the change log's replication slot, from before the first write the log must hold (0032).
  await ensureCaptureSlot(db);
  return (results ?? []).map((result) => result.migrationName);
}
