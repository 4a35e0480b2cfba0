// Lint enforces the folder import table of docs/architecture.md §2: a boundary that is only written down erodes.
import js from '@eslint/js';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeBuiltins = { group: ['node:*'], message: 'shared/ is pure: no Node APIs (it runs in the renderer too).' };
const kyselyRuntime = { group: ['kysely', 'better-sqlite3', 'pg'], message: 'shared/ holds no database code.' };
const noFolder = (folder, why) => ({ group: [`**/${folder}/**`, `../${folder}/*`, `../../${folder}/*`], message: why });

/** Import restrictions per folder, from the architecture's table. */
const boundaries = [
  {
    files: ['shared/**/*.ts'],
    patterns: [nodeBuiltins, kyselyRuntime, noFolder('db', 'shared/ imports nothing of ours.'), noFolder('app', 'shared/ imports nothing of ours.'), noFolder('server', 'shared/ imports nothing of ours.')],
  },
  { files: ['db/**/*.ts'], patterns: [noFolder('app', 'db/ may import shared/ only.'), noFolder('server', 'db/ may import shared/ only.')] },
  { files: ['app/**/*.ts'], patterns: [noFolder('server', 'app/ runs on the terminal too: it may import shared/ and db/ only.')] },
  {
    files: ['main/**/*.ts'],
    patterns: [noFolder('server', 'main/ may import shared/, db/ and app/ only.'), noFolder('renderer', 'main/ may import shared/, db/ and app/ only.')],
  },
  {
    // The renderer runs sandboxed in a browser page: it reaches the terminal through its bridge only.
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts'],
    patterns: [
      { group: ['node:*', ...builtinModules], message: 'renderer/ runs in a sandboxed page: no Node APIs.' },
      { group: ['electron', 'kysely', 'better-sqlite3', 'pg', 'ws'], message: 'renderer/ may import shared/ only (and UI libraries).' },
      ...['db', 'app', 'server', 'main', 'test', 'e2e', 'bench', 'sim', 'scripts'].map((folder) => noFolder(folder, 'renderer/ may import shared/ only.')),
    ],
  },
];

/**
 * The preload runs in the sandboxed renderer and is bundled alone: Electron's renderer modules and the pure bridge
 * contract (`shared/terminal-contract.ts`), the rest of `shared/` for types only, nothing else of ours and no Node
 * built-ins.
 */
const preloadFiles = ['main/preload.ts', 'main/preload-bridge.ts'];
const preloadPatterns = [
  { group: ['node:*', ...builtinModules], message: 'The preload is sandboxed: no Node built-ins.' },
  { group: ['**/db/**', '**/app/**', '**/server/**', '**/renderer/**'], message: 'The preload may import shared/ types only.' },
  {
    group: ['**/shared/**', '!../shared/terminal-contract.js'],
    allowTypeImports: true,
    message: 'The preload may import the bridge contract and shared/ types only (import type).',
  },
  { group: ['./*', '!./preload-bridge.js'], message: 'The preload may use only preload-bridge.ts of main/ (and shared/terminal-contract.ts).' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'dist/**', 'coverage/**', 'renderer/dist/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No disabled tests.' },
        { selector: "CallExpression[callee.name='parseFloat']", message: 'Money and quantities are exact: use shared/decimal.' },
      ],
    },
  },
  // Tests, benchmarks and the simulation harness read loosely typed JSON responses; `any` there is a convenience, not a hole.
  { files: ['test/**/*.ts', '**/*.test.ts', 'bench/**/*.ts', 'sim/**/*.ts', 'e2e/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  ...boundaries.map(({ files, ignores, patterns }) => ({ files, ...(ignores ? { ignores } : {}), rules: { 'no-restricted-imports': ['error', { patterns }] } })),
  { files: preloadFiles, rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: preloadPatterns }] } },
);
