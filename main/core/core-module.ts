/**
 * Which core module the shell runs: the terminal core (`terminal-core.ts`). Tests load small fixture cores
 * instead; the `core` entry of `build.ts` must name the same file.
 */
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** The core module, beside this file (`.ts` from source, `.js` when built). */
export function defaultCoreModule(): URL {
  return new URL(`./terminal-core${extension}`, import.meta.url);
}
