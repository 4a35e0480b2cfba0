/**
 * A money field with a touch keypad for the shift screens (opening cash, cash in/out, the cash counted at closing):
 * typed on the keyboard or tapped, in the language's decimal sign, never more than two decimals. The text is kept
 * as typed; screens read it through `useFormat().units` (bigint units), never as a float.
 */
import { decimalSign } from '../../lib/format.js';
import { useFormat } from '../../lib/use-format.js';
import { useT } from '../../state/context.js';
import { pressKey, type KeypadKey } from './money-entry.js';

const ROWS: readonly (readonly KeypadKey[])[] = [
  ['7', '8', '9', 'back'],
  ['4', '5', '6', 'clear'],
  ['1', '2', '3', '00'],
  ['0', 'decimal'],
];

export function MoneyEntry({
  label,
  value,
  onChange,
  name,
  autoFocus = false,
  errorId,
  invalid = false,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (next: string) => void;
  readonly name: string;
  readonly autoFocus?: boolean;
  readonly errorId?: string;
  readonly invalid?: boolean;
}) {
  const t = useT();
  const { language } = useFormat();
  const sign = decimalSign(language);
  const caption = (key: KeypadKey) =>
    key === 'back' ? '⌫' : key === 'clear' ? 'C' : key === 'decimal' ? sign : key;
  return (
    <div className="money-entry">
      <label>
        {label}
        <input
          name={name}
          className="money-input"
          inputMode="decimal"
          autoComplete="off"
          autoFocus={autoFocus}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid && errorId ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      <div className="money-keypad" role="group" aria-label={t('shift.keypad')}>
        {ROWS.flat().map((key) => (
          <button
            key={key}
            type="button"
            tabIndex={-1}
            className={`key${key === 'back' || key === 'clear' ? ' key-secondary' : ''}${key === '0' || key === 'decimal' ? ' wide' : ''}`}
            aria-label={key === 'back' ? t('shift.keypad.back') : key === 'clear' ? t('shift.keypad.clear') : undefined}
            onClick={() => onChange(pressKey(value, key, sign))}
          >
            {caption(key)}
          </button>
        ))}
      </div>
    </div>
  );
}
