/**
 * Editing a stock row's details: price, date from and the seven weekday par levels (the quantity wanted on hand
 * that weekday). Checked on screen first; then only the changed fields go to `StockQuantityController_update`,
 * and the service's 400 lines are shown next to the fields they name.
 */
import { Fragment, useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useUnsavedWork } from '../../lib/unsaved-work.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import type { MessageKey } from '../../i18n/index.js';
import { useBridge, useT } from '../../state/context.js';
import { checkDetails, detailValues, splitLines, type DetailField, type DetailProblems } from './details.js';
import { WEEKDAYS, type StockLine } from './lines.js';

/** What every input gets: its id for the label, its name (to focus the first refused one) and its errors' wiring. */
interface Control {
  readonly id: string;
  readonly name: DetailField;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

export function DetailsForm({
  line,
  onDone,
  onCancel,
}: {
  readonly line: StockLine;
  readonly onDone: () => void;
  readonly onCancel: () => void;
}) {
  const t = useT();
  const bridge = useBridge();
  const formId = useId();
  const [initial] = useState(() => detailValues(line));
  const [values, setValues] = useState(initial);
  useUnsavedWork(JSON.stringify(values) !== JSON.stringify(initial));
  const [problems, setProblems] = useState<DetailProblems>({});
  const [serverLines, setServerLines] = useState<Partial<Record<DetailField, string[]>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const set = (field: DetailField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const { problems: found, body } = checkDetails(values, initial);
    setProblems(found);
    setServerLines({});
    setNotice('');
    const invalid = (Object.keys(found) as DetailField[])[0];
    if (invalid) {
      setGeneral([t('stock.checkFields')]);
      form.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    setGeneral([]);
    if (Object.keys(body).length === 0) return setNotice(t('stock.noChanges'));
    setBusy(true);
    bridge
      .run('StockQuantityController_update', { params: { id: line.id }, body })
      .then(onDone, (error: unknown) => {
        const split = splitLines(errorLines(error));
        setServerLines(split.byField);
        setGeneral(split.general);
      })
      .finally(() => setBusy(false));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  const errorsOf = (field: DetailField): string[] => [
    ...(problems[field] ? [t(problems[field])] : []),
    ...(serverLines[field] ?? []),
  ];
  const field = (name: DetailField, label: string, input: (control: Control) => ReactNode) => {
    const errors = errorsOf(name);
    const id = `${formId}-${name}`;
    const control: Control = {
      id,
      name,
      'aria-invalid': errors.length > 0 ? true : undefined,
      'aria-describedby': errors.length > 0 ? `${id}-error` : undefined,
    };
    return (
      <div className="stock-field">
        <label htmlFor={id}>{label}</label>
        {input(control)}
        {errors.length > 0 && (
          <div id={`${id}-error`} className="stock-field-error" data-testid={`${name}-error`}>
            {errors.map((text, index) => (
              <div key={index}>{text}</div>
            ))}
          </div>
        )}
      </div>
    );
  };

  return (
    <form
      className="form stock-details-form"
      aria-label={t('stock.editDetails')}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
    >
      <h2>
        {t('stock.editDetails')}: {line.name}
      </h2>
      <div className="stock-grid stock-grid-top">
        {field('price', t('stock.price'), (control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            value={values.price}
            onChange={(event) => set('price', event.target.value)}
          />
        ))}
        {field('dateFrom', t('stock.dateFrom'), (control) => (
          <input {...control} type="date" value={values.dateFrom} onChange={(event) => set('dateFrom', event.target.value)} />
        ))}
      </div>
      <fieldset className="stock-pars">
        <legend>{t('stock.parsLegend')}</legend>
        <div className="stock-grid">
          {WEEKDAYS.map((day) => (
            <Fragment key={day}>
              {field(day, t(`stock.day.${day}` as MessageKey), (control) => (
                <input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  value={values[day]}
                  onChange={(event) => set(day, event.target.value)}
                />
              ))}
            </Fragment>
          ))}
        </div>
      </fieldset>
      <ErrorLines lines={general} />
      {notice && (
        <div className="muted" role="status">
          {notice}
        </div>
      )}
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy}>
          {t('common.save')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
