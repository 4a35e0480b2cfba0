/**
 * A write the core refused, in the cashier's words. A till that is a copy of another till refuses every write (409)
 * for that one reason, so while the sync status says it is a copy, a 409 is said in the language on screen instead
 * of the core's English line; anything else keeps the core's lines.
 */
import { asRpcError, errorLines } from '../bridge.js';
import type { Translate } from '../i18n/index.js';

export function writeRefusal(error: unknown, t: Translate, copy: boolean): string[] {
  if (copy && asRpcError(error).statusCode === 409) return [t('tillCopy.refused')];
  return errorLines(error);
}
