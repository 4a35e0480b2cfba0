/* global module -- dependency-cruiser reads its configuration as CommonJS. */
/**
 * The layering of docs/architecture.md ("Folders and what each may import") as an allow-list, checked by
 * `npm run lint`: every import must match one of the `allowed` rules below — a folder of ours the importer's
 * folder may use, an npm package it may use, or a Node built-in where Node is allowed — and anything else fails
 * with `not-in-allowed`. A boundary that only names what is forbidden lets everything it forgot through.
 * Cycles are forbidden everywhere. Edit the table here and in the docs together.
 */

/** Our folders, as paths from the repository root. `main/` is split by what runs where. */
const FOLDER = {
  shared: '^shared/',
  db: '^db/',
  app: '^app/',
  server: '^server/',
  mainShell: '^main/(?!preload(-bridge)?\\.ts$)[^/]+$',
  preload: '^main/preload(-bridge)?\\.ts$',
  mainCore: '^main/core/',
  mainTerminal: '^main/terminal/',
  mainPrinting: '^main/printing/',
  mainProvisioning: '^main/provisioning/',
  renderer: '^renderer/',
  console: '^console/',
};

/**
 * For each folder: the folders of ours it may import (itself included) and single files beside them, the npm
 * packages it may import, and which Node built-ins it may use (`all`, a list, or none).
 */
const LAYERS = [
  { from: 'shared', folders: ['shared'], npm: ['zod'], node: [] },
  // unhomoglyph: the confusables map of migration 0038 (login skeletons).
  { from: 'db', folders: ['shared', 'db'], npm: ['kysely', 'better-sqlite3', 'pg', 'unhomoglyph'], node: 'all' },
  // Runs on the service and inside the till's worker: no network, no files — the caller brings those.
  { from: 'app', folders: ['shared', 'db', 'app'], npm: ['kysely', 'zod'], node: ['crypto'] },
  {
    from: 'server',
    folders: ['shared', 'db', 'app', 'server'],
    npm: ['fastify', '@fastify/[^/]+', 'jose', 'kysely', 'pg', 'pg-cursor', 'better-sqlite3', 'node-sql-parser', 'prom-client', 'socket.io', '@socket.io/postgres-adapter', 'unhomoglyph', 'ws', 'zod'],
    node: 'all',
  },
  // The terminal core's domain side: its local store, local runs, the sync engine.
  { from: 'mainTerminal', folders: ['shared', 'db', 'app', 'mainTerminal'], npm: ['kysely', 'better-sqlite3'], node: 'all' },
  // The worker and its RPC: the seam between the shell and the terminal core.
  { from: 'mainCore', folders: ['shared', 'db', 'app', 'mainTerminal', 'mainCore', 'mainProvisioning'], npm: ['zod', 'tsx', 'jose'], node: 'all' },
  // Reading and verifying a download's signed provisioning file, and the launch requests (kassa:// links, files).
  { from: 'mainProvisioning', folders: ['shared', 'mainProvisioning'], npm: ['jose'], node: 'all' },
  { from: 'mainPrinting', folders: ['shared', 'mainPrinting'], npm: ['@point-of-sale/receipt-printer-encoder'], node: 'all' },
  // Electron main, its window and IPC guards, the updater and browser mode.
  { from: 'mainShell', folders: ['shared', 'mainShell', 'mainCore', 'mainPrinting', 'mainProvisioning'], npm: ['electron', 'electron-updater', 'ws', 'esbuild'], node: 'all' },
  // The preload runs in the sandboxed page and is bundled alone: Electron's renderer modules and the bridge
  // contract only (the rest of shared/ for types only, below).
  { from: 'preload', folders: ['preload'], files: ['^shared/terminal-contract\\.ts$'], npm: ['electron'], node: [] },
  { from: 'renderer', folders: ['shared', 'renderer'], npm: ['react', 'react-dom', 'react-intl', 'intl-messageformat', 'zustand'], node: [] },
  {
    from: 'console',
    folders: ['shared', 'console'],
    npm: ['react', 'react-dom', 'react-intl', 'recharts', 'qrcode', 'jsbarcode', 'papaparse', 'exceljs'],
    node: [],
  },
];

/** Tests beside the code, and the scripts that write their fixtures, may also use the test tools, the shared test helpers and Node. */
const TEST_FILES = '\\.test\\.tsx?$|^renderer/test-support\\.tsx$|/fixtures/[^/]+\\.ts$';
const TEST_NPM = ['vitest', 'fast-check', '@testing-library/[^/]+', 'happy-dom', '@formatjs/[^/]+'];

/** Folders outside the layering: tools around the product, free to import anything. */
const UNRESTRICTED = '^(test|e2e|bench|sim|scripts)/|^[^/]+$|^(renderer|console)/vite\\.config\\.ts$';

const npmPath = (packages) => `^node_modules/(@types/)?(${packages.join('|')})/`;
const folderPath = (names) => names.map((name) => FOLDER[name]);
const nodeRule = (from, node) =>
  node === 'all'
    ? { from: { path: from }, to: { dependencyTypes: ['core'] } }
    : { from: { path: from }, to: { dependencyTypes: ['core'], path: `^(node:)?(${node.join('|')})$` } };

const allowed = [
  ...LAYERS.flatMap(({ from, folders, files = [], npm, node }) => [
    { from: { path: FOLDER[from] }, to: { path: [...folderPath(folders), ...files] } },
    { from: { path: FOLDER[from] }, to: { path: npmPath(npm) } },
    ...(node.length === 0 ? [] : [nodeRule(FOLDER[from], node)]),
  ]),
  { from: { path: FOLDER.preload }, to: { path: FOLDER.shared, dependencyTypes: ['type-only'] } },
  // A test may import what its folder may, plus the test tools, the test/ helpers and Node.
  { from: { path: TEST_FILES }, to: { path: ['^test/', npmPath(TEST_NPM)] } },
  { from: { path: TEST_FILES }, to: { dependencyTypes: ['core'] } },
  { from: { path: UNRESTRICTED }, to: {} },
];


/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  allowed,
  allowedSeverity: 'error',
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: the modules can no longer be read, tested or loaded one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file or package.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // node_modules is a symbolic link in worktrees: keep the path as written so packages are recognised.
    preserveSymlinks: true,
    doNotFollow: { path: '^node_modules/' },
    exclude: { path: '^(dist|data|coverage|renderer/dist|console/dist|e2e/artifacts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
