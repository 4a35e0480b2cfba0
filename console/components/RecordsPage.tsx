/**
 * One page shape for the business's structure (points, tills, warehouses, staff, payment methods, taxes,
 * discounts): a table of the records, an editor above it for adding or editing one, and delete with an inline
 * confirmation. Each page only says how to load, show and write its records (RecordsConfig); the service's
 * refusals appear under the field they name (useSubmit), in the user's language.
 *
 * A write can reveal a secret once (an employee's PIN): `Reveal` is shown in a panel until dismissed and is kept
 * nowhere else — leaving the page forgets it.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Api } from '../api.js';
import { useApi, useLanguage, useT } from '../context.js';
import type { Language, MessageKey, Translate } from '../i18n/index.js';
import { decimalForInput, readDecimal, retypeDecimal } from '../lib/numbers.js';
import { describeError } from '../lib/problems.js';
import { Actions, Checkbox, Field, FormErrors, Select, useSubmit } from './form.js';

export interface RecordRow {
  readonly id: string;
}

/** Reference lists a page's fields and columns use (points for a till's point, roles for an employee). */
export type Refs = Readonly<Record<string, readonly Record<string, unknown>[]>>;

export type FormValues = Record<string, string | boolean>;

export interface FieldSpec {
  readonly name: string;
  readonly label: MessageKey;
  readonly kind?: 'text' | 'decimal' | 'select' | 'checkbox' | 'tel' | 'pin';
  readonly options?: (refs: Refs, t: Translate) => readonly { readonly value: string; readonly label: string }[];
  /** Shown only when adding (an employee's PIN is reset by its own action, not edited). */
  readonly createOnly?: boolean;
}

export interface ColumnSpec<Row> {
  readonly header: MessageKey;
  readonly cell: (row: Row, context: { refs: Refs; t: Translate; language: Language }) => ReactNode;
  readonly numeric?: boolean;
  /** Kept on one line (a phone number). */
  readonly nowrap?: boolean;
}

/** A secret to show once: a title and the value (e.g. "PIN of Aziza", "4821"). */
/** A secret shown once; its title and note are said at each render, so a language switch re-says them. */
export interface Reveal {
  readonly title: string | ((t: Translate) => string);
  readonly value: string;
  readonly note: string | ((t: Translate) => string);
}

const say = (text: string | ((t: Translate) => string), t: Translate) => (typeof text === 'function' ? text(t) : text);

export interface RowAction<Row> {
  readonly label: MessageKey;
  readonly visible?: (row: Row) => boolean;
  readonly run: (api: Api, row: Row, t: Translate) => Promise<Reveal | void>;
}

export interface RecordsConfig<Row extends RecordRow> {
  readonly load: (api: Api) => Promise<readonly Row[]>;
  readonly loadRefs?: (api: Api) => Promise<Refs>;
  readonly columns: readonly ColumnSpec<Row>[];
  readonly fields: readonly FieldSpec[];
  readonly empty: FormValues;
  readonly fromRow: (row: Row) => FormValues;
  readonly create: (api: Api, form: FormValues, t: Translate) => Promise<Reveal | void>;
  readonly update: (api: Api, row: Row, form: FormValues) => Promise<unknown>;
  readonly remove?: (api: Api, row: Row) => Promise<unknown>;
  readonly name: (row: Row) => string;
  readonly addLabel: MessageKey;
  readonly newTitle: MessageKey;
  readonly editTitle: MessageKey;
  readonly intro?: MessageKey;
  /** A hint from the reference lists, e.g. "add a point first" while there is none. */
  readonly hint?: (refs: Refs) => MessageKey | undefined;
  readonly rowActions?: readonly RowAction<Row>[];
  /** What deleting a record also does, said beside the delete's confirmation (a point's tills stop working). */
  readonly deleteWarning?: MessageKey;
  /**
   * More of the editor under its fields, for values a plain field cannot show (a role's rights: a checkbox and a
   * line each). It reads and sets the same form values the fields do, so save sees them alike.
   */
  readonly EditorExtra?: (props: EditorExtraProps) => ReactNode;
}

export interface EditorExtraProps {
  readonly form: FormValues;
  readonly set: (name: string, value: string | boolean) => void;
}

/** A list answer as an array: the reference answers arrays; a `{ data: [...] }` page is read the same way. */
export function rowsOf<Row>(answer: unknown): Row[] {
  if (Array.isArray(answer)) return answer as Row[];
  const data = (answer as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as Row[]) : [];
}

type Editing<Row> = { mode: 'new' } | { mode: 'edit'; row: Row } | undefined;

export function RecordsPage<Row extends RecordRow>({ config }: { config: RecordsConfig<Row> }) {
  const t = useT();
  const api = useApi();
  const { language } = useLanguage();
  const [rows, setRows] = useState<readonly Row[] | undefined>(undefined);
  const [refs, setRefs] = useState<Refs>({});
  const [loadError, setLoadError] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing<Row>>(undefined);
  const [form, setForm] = useState<FormValues>(config.empty);
  const [confirming, setConfirming] = useState<Row | undefined>(undefined);
  const [reveal, setReveal] = useState<Reveal | undefined>(undefined);
  const [notice, setNotice] = useState<MessageKey | undefined>(undefined);
  const labels = Object.fromEntries(config.fields.map((field) => [field.name, field.label]));
  const submit = useSubmit(labels);
  const action = useSubmit(labels);

  const reload = useCallback(async () => {
    try {
      const [loaded, loadedRefs] = await Promise.all([config.load(api), config.loadRefs ? config.loadRefs(api) : Promise.resolve({})]);
      setRows(loaded);
      setRefs(loadedRefs);
      setLoadError([]);
    } catch (error) {
      setLoadError(describeError(error, t).general);
    }
  }, [api, config, t]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // The language switched with a form open: amounts typed by the old language's conventions are re-written in the
  // new one's, so Save never reads "1 250,5" by English rules.
  const formLanguage = useRef(language);
  useEffect(() => {
    const from = formLanguage.current;
    formLanguage.current = language;
    if (from === language) return;
    setForm((current) => {
      const values = { ...current };
      for (const field of config.fields) {
        const typed = values[field.name];
        if (field.kind === 'decimal' && typeof typed === 'string') values[field.name] = retypeDecimal(typed, from, language);
      }
      return values;
    });
  }, [language, config.fields]);

  const startNew = () => {
    setEditing({ mode: 'new' });
    setForm(config.empty);
    setNotice(undefined);
    submit.clear();
  };
  const startEdit = (row: Row) => {
    setEditing({ mode: 'edit', row });
    // Stored amounts ("1250.5") are shown the language's way ("1 250,5"), as the table shows them and as they are read back.
    const values = { ...config.fromRow(row) };
    for (const field of config.fields) {
      const stored = values[field.name];
      if (field.kind === 'decimal' && typeof stored === 'string') values[field.name] = decimalForInput(stored, language);
    }
    setForm(values);
    setNotice(undefined);
    submit.clear();
  };
  const close = () => {
    setEditing(undefined);
    submit.clear();
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    // Amounts typed the language's way ("1 250,5") go to the service as decimal strings ("1250.5").
    const values: FormValues = { ...form };
    for (const field of config.fields) {
      const typed = values[field.name];
      if (field.kind === 'decimal' && typeof typed === 'string') values[field.name] = readDecimal(typed, language);
    }
    void submit
      .run(async () => {
        if (editing.mode === 'new') {
          const revealed = await config.create(api, values, t);
          if (revealed) setReveal(revealed);
        } else await config.update(api, editing.row, values);
      })
      .then(async (ok) => {
        if (!ok) return;
        setEditing(undefined);
        setNotice('common.saved');
        await reload();
      });
  };

  const onDelete = (row: Row) => {
    const remove = config.remove;
    if (!remove) return;
    void action
      .run(() => remove(api, row))
      .then(async (ok) => {
        setConfirming(undefined);
        if (!ok) return;
        if (editing?.mode === 'edit' && editing.row.id === row.id) setEditing(undefined);
        setNotice('common.deleted');
        await reload();
      });
  };

  const onAction = (row: Row, rowAction: RowAction<Row>) => {
    setNotice(undefined);
    void action
      .run(async () => {
        const revealed = await rowAction.run(api, row, t);
        if (revealed) setReveal(revealed);
      })
      .then(async (ok) => {
        if (ok) await reload();
      });
  };

  const visibleFields = config.fields.filter((field) => !(field.createOnly && editing?.mode === 'edit'));

  return (
    <section className="records-page">
      {config.intro ? <p className="muted">{t(config.intro)}</p> : null}
      {rows !== undefined && config.hint?.(refs) ? <p className="notice-line">{t(config.hint(refs) as MessageKey)}</p> : null}

      {reveal ? (
        <div className="panel reveal" role="status">
          <h2>{say(reveal.title, t)}</h2>
          <p className="secret" data-testid="revealed-secret">
            {reveal.value}
          </p>
          <p>{say(reveal.note, t)}</p>
          <Actions>
            <button type="button" className="primary" autoFocus onClick={() => setReveal(undefined)}>
              {t('pin.done')}
            </button>
          </Actions>
        </div>
      ) : null}

      {editing ? (
        <form className="panel editor" onSubmit={onSave} onKeyDown={(event) => event.key === 'Escape' && close()} noValidate>
          <h2>{editing.mode === 'new' ? t(config.newTitle) : t(config.editTitle, { name: config.name(editing.row) })}</h2>
          <div className="grid-2">
            {visibleFields.map((field, index) => {
              const value = form[field.name];
              const set = (next: string | boolean) => setForm((current) => ({ ...current, [field.name]: next }));
              if (field.kind === 'checkbox') return <Checkbox key={field.name} label={field.label} checked={value === true} onChange={set} />;
              if (field.kind === 'select')
                return <Select key={field.name} name={field.name} label={field.label} value={String(value ?? '')} onChange={set} options={field.options?.(refs, t) ?? []} errors={submit.fields[field.name]} />;
              return (
                <Field
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  value={String(value ?? '')}
                  onChange={set}
                  autoFocus={index === 0}
                  type={field.kind === 'tel' ? 'tel' : 'text'}
                  inputMode={field.kind === 'decimal' ? 'decimal' : field.kind === 'pin' ? 'numeric' : undefined}
                  autoComplete="off"
                  errors={submit.fields[field.name]}
                />
              );
            })}
          </div>
          {config.EditorExtra ? <config.EditorExtra form={form} set={(name, next) => setForm((current) => ({ ...current, [name]: next }))} /> : null}
          <FormErrors lines={submit.general} />
          <Actions>
            <button type="button" onClick={close}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="primary" disabled={submit.busy}>
              {submit.busy ? t('common.saving') : t('common.save')}
            </button>
          </Actions>
        </form>
      ) : (
        <div className="toolbar">
          <button type="button" className="primary" onClick={startNew}>
            {t(config.addLabel)}
          </button>
          {notice ? (
            <span className="success inline" role="status">
              {t(notice)}
            </span>
          ) : null}
        </div>
      )}

      <FormErrors lines={[...loadError, ...action.general, ...Object.values(action.fields).flat()]} />

      {rows === undefined ? (
        loadError.length === 0 ? <p className="muted">{t('common.loading')}</p> : null
      ) : rows.length === 0 ? (
        <p className="muted empty">{t('common.empty')}</p>
      ) : (
        <table className="records">
          <thead>
            <tr>
              {config.columns.map((column) => (
                <th key={column.header} className={column.numeric ? 'number' : undefined}>
                  {t(column.header)}
                </th>
              ))}
              <th className="actions">
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {config.columns.map((column) => (
                  <td key={column.header} className={column.numeric ? 'number' : column.nowrap ? 'nowrap' : undefined}>
                    {column.cell(row, { refs, t, language })}
                  </td>
                ))}
                <td className="actions">
                  {confirming?.id === row.id ? (
                    <span className="confirm" role="alert">
                      {t('common.confirmDelete', { name: config.name(row) })}{' '}
                      {config.deleteWarning ? <>{t(config.deleteWarning)} </> : null}
                      <button type="button" className="small danger" disabled={action.busy} onClick={() => onDelete(row)}>
                        {t('common.delete')}
                      </button>{' '}
                      <button type="button" className="small" onClick={() => setConfirming(undefined)}>
                        {t('common.cancel')}
                      </button>
                    </span>
                  ) : (
                    <>
                      {(config.rowActions ?? [])
                        .filter((rowAction) => rowAction.visible?.(row) ?? true)
                        .map((rowAction) => (
                          <button key={rowAction.label} type="button" className="link" disabled={action.busy} onClick={() => onAction(row, rowAction)}>
                            {t(rowAction.label)}
                          </button>
                        ))}
                      <button type="button" className="link" onClick={() => startEdit(row)}>
                        {t('common.edit')}
                      </button>
                      {config.remove ? (
                        <button type="button" className="link danger" onClick={() => setConfirming(row)}>
                          {t('common.delete')}
                        </button>
                      ) : null}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
