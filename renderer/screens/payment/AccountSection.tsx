/**
 * The "on account" part of the payment step: whose account, what they owe now, their credit limit and what they will
 * owe after this sale, the client's signature drawn on screen, and — over the limit — the manager's approval it needs.
 * Offline, the balance may lack other tills' sales: said in a warning, and the sale is recorded all the same
 * (docs/sync.md, "Facts and warnings").
 */
import { formatMoney } from '../../../shared/decimal.js';
import { SignaturePad } from '../../components/SignaturePad.js';
import { useFormat } from '../../lib/use-format.js';
import { useT } from '../../state/context.js';
import type { ClientAccount } from './payment-setup.js';
import { exceedsLimit } from './tender.js';

export interface AccountSectionProps {
  readonly account: ClientAccount | null;
  /** Hundredths this sale puts on the account (the payments taken plus the one being entered). */
  readonly adding: bigint;
  readonly approvedBy: string | null;
  readonly offline: boolean;
  /** Changes when the pad must start blank again. */
  readonly signatureKey: number;
  readonly onSignature: (dataUrl: string | null) => void;
  readonly onAskManager: () => void;
}

export function AccountSection({ account, adding, approvedBy, offline, signatureKey, onSignature, onAskManager }: AccountSectionProps) {
  const t = useT();
  const f = useFormat();
  if (!account) return <p className="error">{t('payment.account.noClient')}</p>;
  const after = account.balance + adding;
  const over = exceedsLimit(account.balance, adding, account.limit);
  return (
    <div className="account" data-testid="account">
      <dl className="account-figures">
        <dt>{t('payment.account.client')}</dt>
        <dd>{account.name}</dd>
        <dt>{t('payment.account.balance')}</dt>
        <dd className="amount">{f.money(formatMoney(account.balance))}</dd>
        <dt>{t('payment.account.limit')}</dt>
        <dd className="amount">{account.limit === null ? t('payment.account.noLimit') : f.money(formatMoney(account.limit))}</dd>
        <dt>{t('payment.account.after')}</dt>
        <dd className={over ? 'amount tone-owed strong' : 'amount strong'} data-testid="owes-after">
          {f.money(formatMoney(after))}
        </dd>
      </dl>
      {over &&
        (approvedBy !== null ? (
          <p className="notice">{t('payment.account.approved', { name: approvedBy })}</p>
        ) : (
          <div className="account-over">
            <p className="error">{t('payment.account.overLimit')}</p>
            <button type="button" onClick={onAskManager}>
              {t('payment.account.askManager')}
            </button>
          </div>
        ))}
      {offline && <p className="notice">{t('payment.account.offline')}</p>}
      <span className="field-label">{t('payment.account.sign')}</span>
      <SignaturePad key={signatureKey} label={t('payment.account.sign')} clearLabel={t('payment.account.clearSignature')} onChange={onSignature} />
    </div>
  );
}
