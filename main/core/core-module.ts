/**
 * Which core module the shell runs. Until the real terminal core exists this is the placeholder (every operation
 * answers 503); plugging the real one in is changing the file name here and the `core` entry of `build.ts`.
 */
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** The core module, beside this file (`.ts` from source, `.js` when built). */
export function defaultCoreModule(): URL {
  return new URL(`./placeholder-core${extension}`, import.meta.url);
}
