/**
 * Taking one payment: the method (one button per payment method of the business), the amount — prefilled with what
 * remains, selected so typing replaces it — and what the method needs: for cash, quick buttons for the banknotes in
 * use (each adds its value to the cash received) and "exact"; for a card, the payment terminal it went through and
 * the manual confirmation; on account, the client's account (AccountSection). The amount field takes the keyboard.
 */
import type { ReactNode, RefObject } from 'react';
import { useFormat } from '../../lib/use-format.js';
import { useT } from '../../state/context.js';
import type { Device } from './payment-setup.js';
import { BANKNOTES, type Method } from './tender.js';

export interface TenderEntryProps {
  readonly methods: readonly Method[];
  readonly method: Method;
  readonly onMethod: (method: Method) => void;
  readonly amount: string;
  readonly onAmount: (text: string) => void;
  readonly amountField: RefObject<HTMLInputElement | null>;
  readonly amountError: string;
  /** Adds a banknote's value (so'm) to the amount. */
  readonly onBanknote: (note: number) => void;
  readonly onExact: () => void;
  readonly devices: readonly Device[];
  readonly deviceId: string | null;
  readonly onDevice: (id: string | null) => void;
  /** The on-account part, shown for a DEBT method. */
  readonly account: ReactNode;
  readonly onAdd: () => void;
  readonly busy: boolean;
}

export function TenderEntry(props: TenderEntryProps) {
  const t = useT();
  const f = useFormat();
  const { method } = props;
  return (
    <div className="tender-entry">
      <div className="method-tabs" role="radiogroup" aria-label={t('payment.title')}>
        {props.methods.map((option) => (
          <button
            key={option.id}
            type="button"
            role="radio"
            aria-checked={option.id === method.id}
            className={option.id === method.id ? 'segment active' : 'segment'}
            onClick={() => props.onMethod(option)}
          >
            {option.name}
          </button>
        ))}
      </div>
      <label>
        {method.kind === 'CASH' ? t('payment.tendered') : t('payment.amount')}
        <input
          ref={props.amountField}
          className="tender-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={props.amount}
          aria-invalid={props.amountError ? true : undefined}
          onChange={(event) => props.onAmount(event.target.value)}
          onFocus={(event) => event.target.select()}
        />
      </label>
      {props.amountError && <span className="field-error">{props.amountError}</span>}
      {method.kind === 'CASH' && (
        <div className="banknotes">
          {BANKNOTES.map((note) => (
            <button key={note} type="button" className="banknote" onClick={() => props.onBanknote(note)}>
              {f.money(String(note))}
            </button>
          ))}
          <button type="button" className="banknote" onClick={props.onExact}>
            {t('payment.exact')}
          </button>
          <button type="button" className="banknote" onClick={() => props.onAmount('')}>
            {t('payment.clear')}
          </button>
        </div>
      )}
      {method.kind === 'CARD' && (
        <div className="card-entry">
          {props.devices.length > 0 && (
            <label>
              {t('payment.device')}
              <select name="device" value={props.deviceId ?? ''} onChange={(event) => props.onDevice(event.target.value || null)}>
                <option value="">—</option>
                {props.devices.map((device) => (
                  <option key={device.id} value={device.id}>
                    {device.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p className="muted">{t('payment.cardHint')}</p>
        </div>
      )}
      {method.kind === 'DEBT' && props.account}
      <button type="button" className="primary tender-add" disabled={props.busy} onClick={props.onAdd}>
        {method.kind === 'CARD' ? t('payment.cardConfirm') : t('payment.add')}
      </button>
    </div>
  );
}
