/**
 * Bundles the Electron side into `dist/main/` with esbuild: the app entry, the sandboxed preload, the core's
 * worker entry and the core module, each one CommonJS file (loaded from inside app.asar). `better-sqlite3` stays
 * a real module (native; unpacked from the asar by electron-builder.yml) and `electron` is the runtime's own.
 *
 * Run by `npm start` before it launches Electron and by `npm run dist`; `tsx main/build.ts` runs it alone.
 */
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT, 'dist', 'main');

/** The bundles and their sources. */
export const BUNDLES = {
  'electron-main': 'main/electron-main.ts',
  preload: 'main/preload.ts',
  'core-worker': 'main/core/worker-entry.ts',
  core: 'main/core/terminal-core.ts',
} as const;

/** CommonJS has no `import.meta`: each bundle defines its own URL, so code can keep ESM's `import.meta.url`. */
const IMPORT_META_URL = '__kassa_import_meta_url';

function options(name: keyof typeof BUNDLES, outDir: string): BuildOptions {
  const preload = name === 'preload';
  return {
    entryPoints: [join(ROOT, BUNDLES[name])],
    outfile: join(outDir, `${name}.cjs`),
    bundle: true,
    format: 'cjs',
    // The preload runs in the sandboxed renderer: no Node, only Electron's renderer modules.
    platform: preload ? 'browser' : 'node',
    target: preload ? 'chrome140' : 'node22',
    external: ['electron', 'better-sqlite3'],
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    ...(preload
      ? {}
      : {
          define: { 'import.meta.url': IMPORT_META_URL },
          banner: { js: `var ${IMPORT_META_URL} = require('node:url').pathToFileURL(__filename).href;` },
        }),
  };
}

/** Builds every bundle into `outDir` (default `dist/main/`, cleared first). */
export async function buildShell(outDir: string = OUT_DIR): Promise<string> {
  await rm(outDir, { recursive: true, force: true });
  await Promise.all((Object.keys(BUNDLES) as Array<keyof typeof BUNDLES>).map((name) => build(options(name, outDir))));
  return outDir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildShell()
    .then((out) => console.log(`Electron shell built into ${out}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
