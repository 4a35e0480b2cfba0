/**
 * The scheduled backups' settings, read from the environment next to the rest of the configuration (config.ts) and
 * checked at start, so a typo stops the service instead of silently leaving it without backups:
 *
 * - BACKUP_INTERVAL_MINUTES: minutes between backups (default 60, aligned to the clock: an hourly backup runs at
 *   the top of every hour UTC, so restarts never push it back); 0 turns scheduled backups off.
 * - BACKUP_KEEP: how many backups to keep, newest first (default 24: a day of hourly backups).
 * - BACKUP_DIR: where they go (default DATA_DIR/backups).
 *
 * Only the embedded SQLite database is backed up this way; on PostgreSQL the operator's tools do it (README).
 */
import { join, resolve } from 'node:path';
import { ConfigError } from '../config.js';

export interface BackupSettings {
  /** Minutes between backups; 0 when scheduled backups are off. */
  readonly intervalMinutes: number;
  /** How many finished backups to keep (the oldest beyond that are deleted after each success). */
  readonly keep: number;
  readonly directory: string;
}

export const DEFAULT_BACKUP_INTERVAL_MINUTES = 60;
export const DEFAULT_BACKUP_KEEP = 24;

type Env = Record<string, string | undefined>;

export function loadBackupSettings(env: Env, dataDir: string): BackupSettings {
  return {
    intervalMinutes: wholeNumber(env, 'BACKUP_INTERVAL_MINUTES', DEFAULT_BACKUP_INTERVAL_MINUTES, 0),
    keep: wholeNumber(env, 'BACKUP_KEEP', DEFAULT_BACKUP_KEEP, 1),
    directory: env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : join(dataDir, 'backups'),
  };
}

function wholeNumber(env: Env, name: string, fallback: number, least: number): number {
  const given = env[name];
  if (given === undefined || given === '') return fallback;
  const value = Number(given);
  // A week is the longest interval that still reads as "scheduled"; setTimeout cannot wait beyond ~24.8 days anyway.
  const most = name === 'BACKUP_INTERVAL_MINUTES' ? 7 * 24 * 60 : 10_000;
  if (!/^\d+$/.test(given) || value < least || value > most) {
    throw new ConfigError(`${name} must be a whole number from ${least} to ${most}, got "${given}"`);
  }
  return value;
}
