/**
 * What the keys do on a screen with a search box and a list, said in words under the search box; `action` is what
 * Enter does there ("open the client", "adjust the quantity").
 */
import { useT } from '../state/context.js';

export function KeyHints({ action, extra }: { readonly action: string; readonly extra?: string }) {
  const t = useT();
  return (
    <p className="key-hints muted" data-testid="key-hints">
      {t('keys.searchList', { action })}
      {extra ? ` ${extra}` : ''}
    </p>
  );
}
