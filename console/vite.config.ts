/**
 * Builds the owner's console into dist/console (`npm run build:console`); the service serves it at `/` under a
 * strict CSP (server/console-static.ts: scripts and styles from files only, no inline code, no eval), so the build
 * emits only files: one module script and one stylesheet under /assets/, content-hashed. `base: '/'` because the
 * console is a single-page app whose routes (`/points`, `/employees`) all answer the same index.html.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  logLevel: 'warn',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    reportCompressedSize: false,
    // The console's pages (charts, spreadsheets) make a large bundle; it is cached by its hash after the first load.
    chunkSizeWarningLimit: 4000,
    sourcemap: false,
    rollupOptions: {
      // zod's sources carry comments Rollup cannot place, and react-intl starts with a "use client" directive meant
      // for server-rendering frameworks; both harmless in a client-only bundle, and not ours to fix.
      onwarn(warning, warn) {
        if (warning.code !== 'INVALID_ANNOTATION' && warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
