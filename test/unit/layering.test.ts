/**
 * The layering allow-list (.dependency-cruiser.cjs, run by `npm run lint`) refuses what it does not name. A
 * boundary nobody sees fail is a boundary nobody knows holds: this cruises a small tree of planted files with
 * the project's own configuration and checks exactly which imports it refuses.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** The planted tree: path → source. Allowed imports beside forbidden ones, so a rule that refuses everything fails too. */
const FILES: Record<string, string> = {
  'shared/money.ts': "export const one = 1;\n",
  'db/connect.ts': "import { one } from '../shared/money.js';\nimport { Kysely } from 'kysely';\nexport const db = [one, Kysely];\n",
  'app/receipts.ts': "import { db } from '../db/connect.js';\nimport { z } from 'zod';\nimport { randomUUID } from 'node:crypto';\nexport const receipts = [db, z, randomUUID];\n",
  'main/terminal/meta.ts': "import { receipts } from '../../app/receipts.js';\nexport const meta = receipts;\n",
  'main/core/errors.ts': "import { meta } from '../terminal/meta.js';\nexport const errors = meta;\n",
  'renderer/bridge.ts': "import { one } from '../shared/money.js';\nexport const bridge = one;\n",
  'server/routes.ts': "import type { FastifyInstance } from 'fastify';\nimport { receipts } from '../app/receipts.js';\nexport const routes: [FastifyInstance | undefined, unknown] = [undefined, receipts];\n",
  // The four imports issue 15 found passing under the old deny-list, one file each.
  'app/to-terminal.ts': "import { meta } from '../main/terminal/meta.js';\nexport const a = meta;\n",
  'db/to-core.ts': "import { errors } from '../main/core/errors.js';\nexport const b = errors;\n",
  'shared/to-renderer.ts': "import { bridge } from '../renderer/bridge.js';\nexport const c = bridge;\n",
  'app/to-fastify.ts': "import type { FastifyInstance } from 'fastify';\nexport type D = FastifyInstance;\n",
  // Node's file system in app/, which only may use node:crypto.
  'app/to-fs.ts': "import { readFileSync } from 'node:fs';\nexport const e = readFileSync;\n",
  // A cycle, made of imports the table allows.
  'app/cycle-a.ts': "import { b } from './cycle-b.js';\nexport const a = () => b;\n",
  'app/cycle-b.ts': "import { a } from './cycle-a.js';\nexport const b = () => a;\n",
};

/** Runs dependency-cruiser in the planted tree with the project's configuration, as `npm run lint` does. */
const depcruise = (...args: string[]) =>
  spawnSync(join(root, 'node_modules/.bin/depcruise'), ['--config', join(root, '.dependency-cruiser.cjs'), ...args], { cwd: dir, encoding: 'utf8' });

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

let dir: string;
let violations: readonly Violation[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kassa-layering-'));
  for (const [path, source] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const cruise = depcruise('--output-type', 'json', '.');
  violations = (JSON.parse(cruise.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the layering allow-list', () => {
  it('refuses app → main/terminal, db → main/core, shared → renderer and app → fastify', () => {
    const refused = violations.filter((violation) => violation.rule.name === 'not-in-allowed').map((violation) => `${violation.from} → ${violation.to}`);
    expect(refused).toEqual(
      expect.arrayContaining([
        'app/to-terminal.ts → main/terminal/meta.ts',
        'db/to-core.ts → main/core/errors.ts',
        'shared/to-renderer.ts → renderer/bridge.ts',
        expect.stringMatching(/^app\/to-fastify\.ts → node_modules\/fastify\//),
      ]),
    );
  });

  it('refuses a Node built-in a folder is not given (app/ may use node:crypto only)', () => {
    expect(violations.some((violation) => violation.from === 'app/to-fs.ts' && violation.rule.name === 'not-in-allowed')).toBe(true);
  });

  it('refuses an import cycle even between files that may import each other', () => {
    // A cycle is reported once, from whichever of its files the cruise met first.
    const cyclic = violations.filter((violation) => violation.rule.name === 'no-circular').map((violation) => [violation.from, violation.to].sort().join(' ↔ '));
    expect(cyclic).toEqual(['app/cycle-a.ts ↔ app/cycle-b.ts']);
  });

  it('lets the allowed imports through and fails the lint run (non-zero exit) for the rest', () => {
    const offenders = new Set(violations.filter((violation) => violation.rule.name === 'not-in-allowed').map((violation) => violation.from));
    expect([...offenders].sort()).toEqual(['app/to-fastify.ts', 'app/to-fs.ts', 'app/to-terminal.ts', 'db/to-core.ts', 'shared/to-renderer.ts']);
    const lint = depcruise('.');
    expect(lint.status).not.toBe(0);
    expect(lint.stdout).toContain('not-in-allowed: app/to-terminal.ts → main/terminal/meta.ts');
  });
});
