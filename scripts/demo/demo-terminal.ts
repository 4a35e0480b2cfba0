/**
 * The terminal's side of the first run, headless: whether the terminal in a data directory is enrolled (and to
 * which workplace), and enrolling it with a one-time code followed by the initial download — the same
 * `Terminal.enroll` + `bootstrap` the enrollment screen runs, so the terminal then starts straight at PIN login.
 * The store is closed again before `npm start` hands the directory to the terminal core.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { readMeta } from '../../main/terminal/meta.js';
import { Terminal } from '../../main/terminal/terminal.js';

/** The terminal core's data file in its data directory (main/core/terminal-core.ts). */
export const terminalFile = (terminalDataDir: string) => join(terminalDataDir, 'terminal.sqlite');

export interface TerminalState {
  readonly enrolled: boolean;
  readonly workplaceId: string | null;
}

export async function terminalState(terminalDataDir: string): Promise<TerminalState> {
  const file = terminalFile(terminalDataDir);
  // No file: nothing was ever enrolled here; not creating one leaves a fresh directory as it was.
  if (!existsSync(file)) return { enrolled: false, workplaceId: null };
  const terminal = await Terminal.open(file);
  try {
    if (!(await terminal.enrolled())) return { enrolled: false, workplaceId: null };
    return { enrolled: true, workplaceId: await readMeta(terminal.store.db as unknown as Kysely<unknown>, 'workplace_id') };
  } finally {
    await terminal.close();
  }
}

export interface Downloaded {
  readonly tables: number;
  readonly rows: number;
}

/** Enrolls the terminal of `terminalDataDir` with `code` and downloads its business's data. */
export async function enrollAndDownload(
  terminalDataDir: string,
  serviceUrl: string,
  code: string,
  name: string,
): Promise<Downloaded> {
  mkdirSync(terminalDataDir, { recursive: true });
  const terminal = await Terminal.open(terminalFile(terminalDataDir));
  try {
    await terminal.enroll(serviceUrl, code, name);
    let downloaded: Downloaded = { tables: 0, rows: 0 };
    await terminal.bootstrap((progress) => {
      downloaded = { tables: progress.tables.length, rows: progress.tables.reduce((total, table) => total + table.rowsTotal, 0) };
    });
    return downloaded;
  } finally {
    await terminal.close();
  }
}
