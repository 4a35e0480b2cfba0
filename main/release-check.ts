/**
 * `npm run dist`'s gate between bundling and electron-builder (docs/downloads.md): a release is refused unless
 * its update feed (KASSA_UPDATE_URL, written into the app as app-update.yml) is HTTPS and it carries the keys its
 * provisioning files are trusted from (KASSA_PROVISIONING_KEYS, the JSON of the service's
 * /downloads/provisioning-key), which are written beside the bundles for the app to read.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OUT_DIR } from './build.js';
import { parseTrustedKeys, TRUSTED_KEYS_FILE } from './provisioning/trusted-keys.js';
import { updateFeedProblem } from './updater.js';

export class ReleaseRefused extends Error {}

export function checkRelease(env: Record<string, string | undefined>): { keys: string } {
  const feed = env.KASSA_UPDATE_URL;
  if (!feed) throw new ReleaseRefused('KASSA_UPDATE_URL is not set: the HTTPS address of the update feed, e.g. https://kassa.example.com/releases/');
  const problem = updateFeedProblem(feed);
  if (problem) throw new ReleaseRefused(`KASSA_UPDATE_URL refused: ${problem}`);
  if (!env.KASSA_PROVISIONING_KEYS) {
    throw new ReleaseRefused('KASSA_PROVISIONING_KEYS is not set: the JSON the service serves at /downloads/provisioning-key (the keys provisioning files are trusted from)');
  }
  let keys;
  try {
    keys = parseTrustedKeys(env.KASSA_PROVISIONING_KEYS);
  } catch (error) {
    throw new ReleaseRefused(`KASSA_PROVISIONING_KEYS refused: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { keys: `${JSON.stringify({ keys }, null, 2)}\n` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { keys } = checkRelease(process.env);
    writeFileSync(join(OUT_DIR, TRUSTED_KEYS_FILE), keys);
    console.log(`release check passed: update feed ${process.env.KASSA_UPDATE_URL}; provisioning keys written to dist/main/${TRUSTED_KEYS_FILE}`);
  } catch (error) {
    console.error(`npm run dist refused: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
