/**
 * No shift is open at this till: the cashier counts the drawer, types the opening cash (keypad or keyboard) and
 * opens the shift with Enter. The shift is the till's (its workplace); opened through the terminal core, so it
 * opens offline too and is queued for the service. A name is proposed from the date and time; it can be changed.
 */
import { useId, useState, type FormEvent } from 'react';
import { formatMoney, MONEY } from '../../../shared/decimal.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { FieldError } from '../../components/FieldError.js';
import { useFormat } from '../../lib/use-format.js';
import { useSaneClock } from '../../lib/sane-clock.js';
import { useBridge, useT } from '../../state/context.js';
import { MoneyEntry } from './MoneyEntry.js';

export function OpenShiftForm({ workplaceId, onOpened }: { readonly workplaceId: string | null; readonly onOpened: () => void }) {
  const t = useT();
  const f = useFormat();
  const bridge = useBridge();
  const errorId = useId();
  // The till's sane time: a computer clock set two years ahead must not name the shift two years ahead.
  const now = useSaneClock();
  const [name, setName] = useState(() => t('shift.defaultName', { date: f.dateTime(now()) }));
  const [cash, setCash] = useState('');
  const [fieldProblem, setFieldProblem] = useState('');
  const [problem, setProblem] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem([]);
    const units = f.units(cash === '' ? '0' : cash, MONEY);
    if (units === undefined || units < 0n) return setFieldProblem(t('shift.cashInvalid'));
    setBusy(true);
    const body = { name: name.trim() || t('shift.defaultName', { date: f.dateTime(now()) }), opening_cash: formatMoney(units), ...(workplaceId ? { workplace_id: workplaceId } : {}) };
    bridge
      .run('SettlmentController_create', { body })
      .then(onOpened, (error: unknown) => setProblem(errorLines(error)))
      .finally(() => setBusy(false));
  };

  return (
    <form className="panel form open-shift" aria-label={t('shift.open')} onSubmit={submit}>
      <h1>{t('shift.none.title')}</h1>
      <p className="muted">{t('shift.none.text')}</p>
      <label>
        {t('shift.name')}
        <input name="name" autoComplete="off" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <MoneyEntry
        name="openingCash"
        label={t('shift.openingCash')}
        value={cash}
        autoFocus
        invalid={fieldProblem !== ''}
        errorId={`${errorId}-cash`}
        onChange={(next) => {
          setCash(next);
          setFieldProblem('');
        }}
      />
      <FieldError id={`${errorId}-cash`} text={fieldProblem} />
      <ErrorLines lines={problem} />
      <button type="submit" className="primary" disabled={busy}>
        {t('shift.open')} <kbd>Enter</kbd>
      </button>
    </form>
  );
}
