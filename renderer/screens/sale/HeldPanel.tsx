/**
 * Held orders (Alt+H): park the cart under a name (a café's table) or resume one this till parked (./held.ts says
 * how the service represents them). Resuming needs an empty cart, so two carts never mix.
 */
import { useState } from 'react';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { showMoney } from '../../lib/format.js';
import { useLoad } from '../../lib/use-load.js';
import { useBridge, useT } from '../../state/context.js';
import { listHeld, type HeldOrder } from './held.js';

export interface HeldPanelProps {
  readonly workplaceId: string;
  readonly cartEmpty: boolean;
  readonly orderName: string;
  readonly onHold: (name: string) => Promise<void>;
  readonly onResume: (order: HeldOrder) => Promise<void>;
  readonly onClose: () => void;
}

export function HeldPanel({ workplaceId, cartEmpty, orderName, onHold, onResume, onClose }: HeldPanelProps) {
  const t = useT();
  const bridge = useBridge();
  const held = useLoad(() => listHeld(bridge, workplaceId), [workplaceId]);
  const [name, setName] = useState(orderName);
  const [problem, setProblem] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem([]);
    try {
      await work();
    } catch (error) {
      setProblem(errorLines(error));
    } finally {
      setBusy(false);
    }
  };
  const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

  return (
    <section className="sale-panel" role="dialog" aria-label={t('sale.held')} data-testid="held-panel">
      <header className="panel-header">
        <h2>{t('sale.held')}</h2>
        <button type="button" onClick={onClose}>
          {t('sale.line.close')}
        </button>
      </header>
      {!cartEmpty && (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void act(() => onHold(name));
          }}
        >
          <input autoFocus aria-label={t('sale.hold.name')} placeholder={t('sale.hold.name')} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="primary" disabled={busy}>
            {t('sale.hold')}
          </button>
        </form>
      )}
      <ErrorLines lines={problem} />
      {held.error !== undefined && <ErrorLines lines={errorLines(held.error)} />}
      {held.data && held.data.length === 0 && <p className="muted">{t('sale.held.none')}</p>}
      <ul className="held-list" data-testid="held-list">
        {(held.data ?? []).map((order) => (
          <li key={order.id}>
            <span className="line-name">{order.order_name || t('sale.held.unnamed', { time: time(order.dt_created) })}</span>
            <span className="amount">{showMoney(order.total_sum)}</span>
            <button type="button" disabled={busy || !cartEmpty} title={cartEmpty ? undefined : t('sale.held.cartNotEmpty')} onClick={() => void act(() => onResume(order))}>
              {t('sale.held.resume')}
            </button>
          </li>
        ))}
      </ul>
      {!cartEmpty && (held.data?.length ?? 0) > 0 && <p className="muted">{t('sale.held.cartNotEmpty')}</p>}
    </section>
  );
}
