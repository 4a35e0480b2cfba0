/**
 * Whether the core refused a write because this till is a copy of another till. A copy refuses every write (409)
 * for that one reason, so while the sync status says it is a copy, a 409 is that refusal: the screen says it in the
 * cashier's language (`tillCopy.refused`) instead of the core's English line.
 */
import { asRpcError } from '../bridge.js';

export function refusedAsCopy(error: unknown, copy: boolean): boolean {
  return copy && asRpcError(error).statusCode === 409;
}
