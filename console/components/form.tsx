/**
 * Form pieces every page uses: a labelled field that shows the service's problems for it underneath, the form's
 * general errors, and `useSubmit`, which runs a call and turns its refusal into those errors (lib/problems.ts) in
 * the user's language — so "validation errors from the service shown per field" is the same on every page.
 */
import { useCallback, useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useT } from '../context.js';
import type { MessageKey } from '../i18n/index.js';
import { describeError, type FieldLabels } from '../lib/problems.js';

export interface FieldProps {
  readonly label: MessageKey;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly errors?: readonly string[] | undefined;
  readonly type?: 'text' | 'password' | 'tel' | 'number';
  readonly inputMode?: 'text' | 'decimal' | 'numeric' | 'tel';
  readonly autoComplete?: string;
  readonly autoFocus?: boolean;
  readonly required?: boolean;
  readonly name?: string;
}

export function Field({ label, value, onChange, errors, type = 'text', inputMode, autoComplete, autoFocus, required, name }: FieldProps) {
  const t = useT();
  const id = useId();
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div className={invalid ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{t(label)}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        required={required}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {invalid ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {errors.join(' · ')}
        </span>
      ) : null}
    </div>
  );
}

export interface SelectProps {
  readonly label: MessageKey;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly errors?: readonly string[] | undefined;
  readonly name?: string;
}

export function Select({ label, value, onChange, options, errors, name }: SelectProps) {
  const t = useT();
  const id = useId();
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div className={invalid ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{t(label)}</label>
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {invalid ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {errors.join(' · ')}
        </span>
      ) : null}
    </div>
  );
}

export function Checkbox({ label, checked, onChange }: { label: MessageKey; checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{t(label)}</span>
    </label>
  );
}

export function FormErrors({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="error" role="alert">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

export interface Submission {
  readonly busy: boolean;
  readonly general: readonly string[];
  readonly fields: Readonly<Record<string, readonly string[]>>;
  /** Runs `work`; a refusal fills `general` and `fields` and resolves false, success clears them and resolves true. */
  readonly run: (work: () => Promise<unknown>) => Promise<boolean>;
  readonly clear: () => void;
}

/** Submission state of one form; `labels` maps the body fields the service may name to the form's labels. */
export function useSubmit(labels: FieldLabels = {}): Submission {
  const t = useT();
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const [busy, setBusy] = useState(false);
  // The refusal itself is kept, and said at each render: switching the language re-says it in the new one.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      return true;
    } catch (error) {
      setFailure({ error });
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  const clear = useCallback(() => setFailure(null), []);
  const errors = useMemo(() => (failure ? describeError(failure.error, t, labelsRef.current) : { general: [], fields: {} }), [failure, t]);
  return { busy, general: errors.general, fields: errors.fields, run, clear };
}

export function Actions({ children }: { children: ReactNode }) {
  return <div className="form-actions">{children}</div>;
}
