/**
 * Edit-and-resubmit for one refused operation: the refused body as a form (edit-body.ts), sent again through the
 * core as a NEW operation (new id, next in order) — the core marks the entry resubmitted in the same local
 * transaction, so it cannot be sent twice. The core runs the operation's own validation first, so a still-wrong
 * edit is answered at once, offline too, with its lines next to the fields they name.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useUnsavedWork } from '../../lib/unsaved-work.js';
import { asRpcError, errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { useBridge, useT } from '../../state/context.js';
import { bodyOf, fieldsOf, linesFor, type CorrectionProps, type EditField } from './edit-body.js';
import { loadChoices, referenceKind, type Choice, type ReferenceKind } from './references.js';

/** Validation lines name the body's fields; the core may prefix them with `body.`. */
const withoutBodyPrefix = (line: string) => line.replace(/^body\./, '');

/** The records each reference field of this body can name, loaded once when the form opens. */
function useChoices(fields: readonly EditField[]): Partial<Record<ReferenceKind, Choice[]>> {
  const bridge = useBridge();
  const kinds = useMemo(
    () =>
      [...new Set(fields.filter((field) => field.kind === 'text').map((field) => referenceKind(field.name)))].filter(
        (kind) => kind !== null,
      ),
    [fields],
  );
  const [choices, setChoices] = useState<Partial<Record<ReferenceKind, Choice[]>>>({});
  useEffect(() => {
    let current = true;
    for (const kind of kinds) {
      // A list that cannot be read leaves its field a text field: the cashier can still type the id.
      loadChoices(bridge, kind).then(
        (list) => current && setChoices((known) => ({ ...known, [kind]: list })),
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [bridge, kinds]);
  return choices;
}

function FieldInput({
  field,
  choices,
  onChange,
}: {
  readonly field: EditField;
  readonly choices: readonly Choice[] | undefined;
  readonly onChange: (value: string) => void;
}) {
  const t = useT();
  if (field.kind === 'text' && choices) {
    const known = choices.some((choice) => choice.id === field.value);
    return (
      <select value={field.value} onChange={(event) => onChange(event.target.value)}>
        {!known && (
          <option value={field.value}>
            {field.value === '' ? t('inbox.noChoice') : t('inbox.unknownRecord', { id: field.value })}
          </option>
        )}
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === 'flag')
    return (
      <input type="checkbox" checked={field.value === 'true'} onChange={(event) => onChange(String(event.target.checked))} />
    );
  if (field.kind === 'json')
    return (
      <textarea
        rows={Math.min(12, field.value.split('\n').length + 1)}
        value={field.value}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
      />
    );
  return (
    <input
      type="text"
      inputMode={field.kind === 'number' ? 'numeric' : undefined}
      value={field.value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function ResubmitForm({
  entry,
  reason,
  onDone,
  onCancel,
}: CorrectionProps) {
  const t = useT();
  const bridge = useBridge();
  const initial = useMemo(() => fieldsOf(entry.args), [entry.args]);
  const [fields, setFields] = useState(initial);
  useUnsavedWork(JSON.stringify(fields) !== JSON.stringify(initial));
  const choices = useChoices(initial);
  const choicesFor = (field: EditField) => {
    const kind = referenceKind(field.name);
    return field.kind === 'text' && kind ? choices[kind] : undefined;
  };
  const [problems, setProblems] = useState<string[]>(() => reason.map(withoutBodyPrefix));
  const [busy, setBusy] = useState(false);

  const change = (name: string, value: string) =>
    setFields((current) => current.map((field) => (field.name === name ? { ...field, value } : field)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = bodyOf(fields);
    if (!built.ok) return setProblems(built.problems);
    setBusy(true);
    setProblems([]);
    bridge
      .terminal('terminal.inboxResubmit', {
        entryId: entry.mutation_id,
        operation: entry.name,
        input: { params: entry.params, body: built.body },
      })
      .then(onDone, (error: unknown) => {
        // Validation lines name the body's fields (`body.` may prefix them when they come from the core).
        const lines = errorLines(error).map(withoutBodyPrefix);
        setProblems(asRpcError(error).statusCode === 404 ? [t('inbox.alreadyResolved')] : lines);
      })
      .finally(() => setBusy(false));
  };

  const placed = new Set(fields.flatMap((field) => linesFor(field.name, problems)));
  const unplaced = problems.filter((line) => !placed.has(line));
  return (
    <form className="form resubmit-form" onSubmit={submit} aria-label={t('inbox.resubmitTitle')}>
      <p className="muted">{t('inbox.resubmitIntro')}</p>
      {fields.map((field) => (
        <div key={field.name} className="field">
          <label className={field.kind === 'flag' ? 'check' : undefined}>
            <span className="field-name">{field.name}</span>
            <FieldInput field={field} choices={choicesFor(field)} onChange={(value) => change(field.name, value)} />
          </label>
          <ErrorLines lines={linesFor(field.name, problems)} />
        </div>
      ))}
      <ErrorLines lines={unplaced} />
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t('inbox.resubmit')}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
