/**
 * This install of the terminal (docs/sync.md, "A cloned till"): an id that a copy of the till's data does not
 * carry along. It is derived from three things, hashed together:
 * - a random seed made when the store was created (`install_seed`), so two fresh installs never share an id even on
 *   machines cloned from one image;
 * - the machine's own identity (Linux `/etc/machine-id`, Windows' MachineGuid, macOS' platform UUID; the host name
 *   where none can be read), so the data directory copied to another computer is another install;
 * - the store's absolute path, so a copy of the data beside the original on one computer is another install too.
 *
 * The same store reopened where it was — restarts, updates, a till putting back its own backup in place — keeps its
 * id. A store moved to another folder or computer is a copy until it is enrolled again; that is the point: two
 * copies of a till must never both sell under one credential. A whole disk cloned to identical hardware with the
 * same machine id is not told apart here; the service then sees two queues of one till fork (EPOCH_FORKED), and
 * the sale-number index keeps their numbers apart.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { hostname, platform } from 'node:os';
import type { Kysely } from 'kysely';
import { readMeta, writeMeta } from './meta.js';

const MACHINE_ID_FILES = ['/etc/machine-id', '/var/lib/dbus/machine-id'];

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() ?? '';
}

/** The operating system's id for this machine, or its host name when none can be read. */
export function machineIdentity(): string {
  for (const file of MACHINE_ID_FILES) {
    try {
      const id = firstLine(readFileSync(file, 'utf8'));
      if (id) return `machine-id:${id}`;
    } catch {
      // Not this file; try the next source.
    }
  }
  try {
    if (platform() === 'win32') {
      const out = execFileSync('reg', ['query', 'HKLM\\SOFTWARE\\Microsoft\\Cryptography', '/v', 'MachineGuid'], { encoding: 'utf8', timeout: 3_000, windowsHide: true });
      const guid = /MachineGuid\s+REG_SZ\s+(\S+)/.exec(out)?.[1];
      if (guid) return `machine-guid:${guid}`;
    }
    if (platform() === 'darwin') {
      const out = execFileSync('ioreg', ['-rd1', '-c', 'IOPlatformExpertDevice'], { encoding: 'utf8', timeout: 3_000 });
      const uuid = /"IOPlatformUUID" = "([^"]+)"/.exec(out)?.[1];
      if (uuid) return `platform-uuid:${uuid}`;
    }
  } catch {
    // Fall back to the host name below.
  }
  return `host:${hostname()}`;
}

/** The store's random seed, made the first time it is asked for (in the caller's transaction). */
async function seedOf(local: Kysely<unknown>): Promise<string> {
  const seed = await readMeta(local, 'install_seed');
  if (seed !== null) return seed;
  const made = randomBytes(16).toString('base64url');
  await writeMeta(local, 'install_seed', made);
  return made;
}

/** This install's id for the store at `file` (an in-memory store is its own install). */
export async function installIdOf(local: Kysely<unknown>, file: string, machine: () => string = machineIdentity): Promise<string> {
  const seed = await seedOf(local);
  const where = file === ':memory:' ? `memory:${randomBytes(8).toString('hex')}` : realpathSync(file);
  return createHash('sha256').update(`${seed}\u0000${machine()}\u0000${where}`).digest('base64url').slice(0, 22);
}
