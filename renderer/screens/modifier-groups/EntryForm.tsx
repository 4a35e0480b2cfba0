/**
 * The form for a modifier group or one of its modifiers: every field of the DTO the screen edits, checked on
 * screen before anything is sent, then the service's 400 lines shown next to the fields they name. A new entry
 * sends the create body; an existing one only what changed (PATCH), so clearing a field sends null.
 */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useUnsavedWork } from '../../lib/unsaved-work.js';
import { ITEM_TYPES } from '../../../shared/schema-kit.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import type { MessageKey } from '../../i18n/index.js';
import { useT } from '../../state/context.js';
import type { References } from './load.js';
import {
  checkEntry,
  createBody,
  FLAGS,
  GROUP_TYPES,
  patchBody,
  pickerColour,
  splitLines,
  withCurrent,
  type Body,
  type EntryKind,
  type EntryValues,
  type Field,
  type Problems,
} from './model.js';

export interface EntryFormProps {
  readonly kind: EntryKind;
  /** The form's accessible name, and its heading unless `showTitle` is false (a tab already names it). */
  readonly title: string;
  readonly showTitle?: boolean;
  readonly initial: EntryValues;
  readonly isNew: boolean;
  /** A new modifier's group. */
  readonly groupId?: string;
  readonly references: References;
  readonly submitLabel: string;
  readonly send: (body: Body) => Promise<unknown>;
  readonly onSaved: (result: unknown) => void;
  readonly onCancel?: () => void;
}

/** Fields the back office sets (shown behind "More"): a cashier creating a group needs name, price, unit, colour. */
const BACK_OFFICE_FIELDS: readonly Field[] = [
  'description',
  'type',
  'cost',
  'tax_id',
  'discount_id',
  'id_automated_point',
  ...FLAGS,
];

const FLAG_LABELS: Record<(typeof FLAGS)[number], MessageKey> = {
  is_menu: 'modifierGroups.field.isMenu',
  is_service: 'modifierGroups.field.isService',
  allow_pickup: 'modifierGroups.field.allowPickup',
  allow_delivery: 'modifierGroups.field.allowDelivery',
};

function typeLabel(type: string, t: ReturnType<typeof useT>): string {
  return (ITEM_TYPES as readonly string[]).includes(type) ? t(`modifierGroups.type.${type}` as MessageKey) : type;
}

export function EntryForm(props: EntryFormProps) {
  const { kind, title, showTitle = true, initial, isNew, groupId, references, submitLabel, send, onSaved, onCancel } = props;
  const t = useT();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  // What the store holds now: the baseline an edit is compared with, moved on after each save.
  const [saved, setSaved] = useState(initial);
  useUnsavedWork(JSON.stringify(values) !== JSON.stringify(saved));
  const [problems, setProblems] = useState<Problems>({});
  const [serverLines, setServerLines] = useState<Partial<Record<Field, string[]>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [more, setMore] = useState(false);

  const set = <F extends Field>(field: F, value: EntryValues[F]) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    const found = checkEntry(values, isNew ? undefined : saved);
    setProblems(found);
    setServerLines({});
    const invalid = (Object.keys(found) as Field[])[0];
    if (invalid) {
      setGeneral([t('modifierGroups.checkFields')]);
      if (BACK_OFFICE_FIELDS.includes(invalid)) setMore(true);
      // After the render that opens "More", so the field can take the focus.
      setTimeout(() => formRef.current?.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus(), 0);
      return;
    }
    const body = isNew ? createBody(values, groupId) : patchBody(values, saved);
    if (!isNew && Object.keys(body).length === 0) {
      setGeneral([]);
      setNotice(t('modifierGroups.noChanges'));
      return;
    }
    setGeneral([]);
    setBusy(true);
    send(body)
      .then(
        (result) => {
          if (!isNew) setSaved(values);
          onSaved(result);
        },
        (error: unknown) => {
          const split = splitLines(errorLines(error));
          setServerLines(split.byField);
          setGeneral(split.general);
        },
      )
      .finally(() => setBusy(false));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  const errorsOf = (field: Field): string[] => [...(problems[field] ? [t(problems[field])] : []), ...(serverLines[field] ?? [])];
  const control = (field: Field) => {
    const errors = errorsOf(field);
    return {
      id: `${formId}-${field}`,
      name: field,
      'aria-invalid': errors.length > 0 ? true : undefined,
      'aria-describedby': errors.length > 0 ? `${formId}-${field}-error` : undefined,
    };
  };
  const box = (field: Field, label: string, input: ReactNode, wide = false) => (
    <div className={wide ? 'mg-field mg-wide' : 'mg-field'}>
      <label htmlFor={`${formId}-${field}`}>{label}</label>
      {input}
      <FieldErrors id={`${formId}-${field}-error`} lines={errorsOf(field)} />
    </div>
  );
  const unknown = (id: string) => t('modifierGroups.unknownReference', { id });
  // A back-office field with a problem opens "More", so the problem is never hidden.
  const moreOpen = more || BACK_OFFICE_FIELDS.some((field) => errorsOf(field).length > 0);
  const typeOptions = [...new Set<string>([...(kind === 'group' ? GROUP_TYPES : []), values.type])];

  return (
    <form ref={formRef} className="form mg-form" aria-label={title} onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      {showTitle && <h2>{title}</h2>}
      {/* What a cashier sets first; the back office's fields wait behind "More" (opened when one of them needs a fix). */}
      <div className="mg-grid">
        {box(
          'name',
          t('modifierGroups.field.name'),
          <input
            {...control('name')}
            autoComplete="off"
            autoFocus
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
          />,
          true,
        )}
        {box(
          'price',
          t('modifierGroups.field.price'),
          <input
            {...control('price')}
            inputMode="decimal"
            autoComplete="off"
            value={values.price}
            onChange={(event) => set('price', event.target.value)}
          />,
        )}
        {box(
          'measurement',
          t('modifierGroups.field.measurement'),
          <>
            <input
              {...control('measurement')}
              list={`${formId}-units`}
              autoComplete="off"
              value={values.measurement}
              onChange={(event) => set('measurement', event.target.value)}
            />
            <datalist id={`${formId}-units`}>
              {references.measurements.map((unit) => (
                <option key={unit.id} value={unit.name} />
              ))}
            </datalist>
          </>,
        )}
        {box(
          'color',
          t('modifierGroups.field.color'),
          <div className="mg-colour">
            <input
              type="color"
              className="mg-picker"
              aria-label={t('modifierGroups.field.colorPicker')}
              value={pickerColour(values.color)}
              onChange={(event) => set('color', event.target.value)}
            />
            <input
              {...control('color')}
              autoComplete="off"
              placeholder="#ff8800"
              value={values.color}
              onChange={(event) => set('color', event.target.value)}
            />
          </div>,
        )}
      </div>
      <details className="mg-more" open={moreOpen} onToggle={(event) => setMore(event.currentTarget.open)}>
        <summary>{t('modifierGroups.more')}</summary>
        <div className="mg-grid">
          {box(
            'description',
            t('modifierGroups.field.description'),
            <textarea
              {...control('description')}
              rows={2}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
            />,
            true,
          )}
          {kind === 'group' &&
            box(
              'type',
              t('modifierGroups.field.type'),
              <select {...control('type')} value={values.type} onChange={(event) => set('type', event.target.value)}>
                {typeOptions.map((type) => (
                  <option key={type} value={type}>
                    {typeLabel(type, t)}
                  </option>
                ))}
              </select>,
            )}
          {box(
            'cost',
            t('modifierGroups.field.cost'),
            <input
              {...control('cost')}
              inputMode="decimal"
              autoComplete="off"
              value={values.cost}
              onChange={(event) => set('cost', event.target.value)}
            />,
          )}
          {box(
            'tax_id',
            t('modifierGroups.field.tax'),
            <select {...control('tax_id')} value={values.tax_id} onChange={(event) => set('tax_id', event.target.value)}>
              <option value="">{t('modifierGroups.none')}</option>
              {withCurrent(references.taxes, values.tax_id, unknown).map((tax) => (
                <option key={tax.id} value={tax.id}>
                  {tax.name}
                </option>
              ))}
            </select>,
          )}
          {box(
            'discount_id',
            t('modifierGroups.field.discount'),
            <select
              {...control('discount_id')}
              value={values.discount_id}
              onChange={(event) => set('discount_id', event.target.value)}
            >
              <option value="">{t('modifierGroups.none')}</option>
              {withCurrent(references.discounts, values.discount_id, unknown).map((discount) => (
                <option key={discount.id} value={discount.id}>
                  {discount.name}
                </option>
              ))}
            </select>,
          )}
          {box(
            'id_automated_point',
            t('modifierGroups.field.point'),
            <select
              {...control('id_automated_point')}
              value={values.id_automated_point}
              onChange={(event) => set('id_automated_point', event.target.value)}
            >
              <option value="">{t('modifierGroups.wholeBusiness')}</option>
              {withCurrent(references.points, values.id_automated_point, unknown).map((point) => (
                <option key={point.id} value={point.id}>
                  {point.name}
                </option>
              ))}
            </select>,
          )}
        </div>
        <fieldset className="mg-flags">
          <legend className="field-label">{t('modifierGroups.field.flags')}</legend>
          {FLAGS.map((flag) => (
            <label key={flag} className="checkbox">
              <input type="checkbox" name={flag} checked={values[flag]} onChange={(event) => set(flag, event.target.checked)} />
              {t(FLAG_LABELS[flag])}
            </label>
          ))}
        </fieldset>
      </details>
      <ErrorLines lines={general} />
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function FieldErrors({ id, lines }: { readonly id: string; readonly lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="mg-field-error" id={id}>
      {lines.map((line, index) => (
        <div key={index}>{line}</div>
      ))}
    </div>
  );
}
