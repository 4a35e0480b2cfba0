/**
 * A modifier group's Rules tab: what the sales screen's modifier picker enforces when an item with this group is
 * sold — required, at least / at most how many, how many are free, which modifier is preselected. Checked on screen
 * with the shared rules before sending, then only what changed is sent; the service's 400 lines are shown as they
 * come (it checks the same, and that the preselected modifier is one of this group's).
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { useBridge, useT } from '../../state/context.js';
import type { CatalogueEntry } from './model.js';
import { checkRules, rulesPatch, rulesValues, type RulesField, type RulesValues, type StoredRules } from './rules.js';

export interface RulesFormProps {
  readonly group: CatalogueEntry & StoredRules;
  /** The group's live modifiers (the preselected one is chosen among them). */
  readonly modifiers: readonly CatalogueEntry[];
  /** Called once the rules are stored (the caller says so: this form is made anew from the group read again). */
  readonly onSaved: () => void;
}

export function RulesForm({ group, modifiers, onSaved }: RulesFormProps) {
  const t = useT();
  const bridge = useBridge();
  const formId = useId();
  const initial = rulesValues(group);
  const [values, setValues] = useState<RulesValues>(initial);
  const [shown, setShown] = useState(false);
  const [serverLines, setServerLines] = useState<string[]>([]);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const problems = checkRules(values);

  const set = <F extends RulesField>(field: F, value: RulesValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setNotice('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    setServerLines([]);
    if (Object.keys(problems).length > 0) return;
    const body = rulesPatch(values, initial);
    if (Object.keys(body).length === 0) {
      setNotice(t('modifierRules.unchanged'));
      return;
    }
    setBusy(true);
    bridge
      .run('ItemModifierController_updateModifierGroup', { params: { id: group.id }, body })
      .then(
        // The group is read again and this form starts anew from it: the one showing the group says "saved".
        () => onSaved(),
        (error: unknown) => setServerLines(errorLines(error)),
      )
      .finally(() => setBusy(false));
  };

  const field = (name: RulesField, label: string, input: ReactNode) => {
    const problem = shown ? problems[name] : undefined;
    return (
      <div className="mg-field">
        <label htmlFor={`${formId}-${name}`}>{label}</label>
        {input}
        {problem && (
          <div className="mg-field-error" id={`${formId}-${name}-error`}>
            {t(problem)}
          </div>
        )}
      </div>
    );
  };
  const count = (name: 'min_choices' | 'max_choices' | 'free_quantity') => ({
    id: `${formId}-${name}`,
    name,
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    value: values[name],
    'aria-invalid': shown && problems[name] ? true : undefined,
    'aria-describedby': shown && problems[name] ? `${formId}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  return (
    <form className="form mg-form" aria-label={t('modifierRules.tab')} onSubmit={submit} noValidate data-testid="rules-form">
      <p className="muted">{t('modifierRules.intro')}</p>
      <label className="checkbox">
        <input type="checkbox" name="is_required" checked={values.is_required} onChange={(event) => set('is_required', event.target.checked)} />
        {t('modifierRules.required')}
      </label>
      <div className="mg-grid">
        {field('min_choices', t('modifierRules.min'), <input {...count('min_choices')} />)}
        {field('max_choices', t('modifierRules.max'), <input {...count('max_choices')} placeholder={t('modifierRules.noLimit')} />)}
        {field('free_quantity', t('modifierRules.free'), <input {...count('free_quantity')} />)}
        {field(
          'default_modifier_id',
          t('modifierRules.default'),
          <select id={`${formId}-default_modifier_id`} name="default_modifier_id" value={values.default_modifier_id} onChange={(event) => set('default_modifier_id', event.target.value)}>
            <option value="">{t('modifierRules.none')}</option>
            {values.default_modifier_id !== '' && !modifiers.some((modifier) => modifier.id === values.default_modifier_id) && (
              <option value={values.default_modifier_id}>{t('modifierGroups.unknownReference', { id: values.default_modifier_id })}</option>
            )}
            {modifiers.map((modifier) => (
              <option key={modifier.id} value={modifier.id}>
                {modifier.name}
              </option>
            ))}
          </select>,
        )}
      </div>
      <ErrorLines lines={serverLines} />
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
