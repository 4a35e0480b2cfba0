/**
 * Builds the renderer into renderer/dist (`npm run build:renderer`). The shell serves it under a strict CSP
 * (main/security.ts: scripts and styles from files only, no eval), so the build emits only files: one module
 * script, one stylesheet, no inline code (the module-preload polyfill is not needed by Chromium and is left out).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome120',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    reportCompressedSize: false,
    // One script read from the local disk, never over a network: its size (~510 kB with react-intl) is not a load
    // time problem, and splitting it would only add files.
    chunkSizeWarningLimit: 800,
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
