/** An on-screen numeric keypad (touch), for PINs. The physical keyboard is handled by the screen that uses it. */
import type { Translate } from '../i18n/index.js';

export interface KeypadProps {
  readonly onDigit: (digit: string) => void;
  readonly onBackspace: () => void;
  readonly onClear: () => void;
  readonly onEnter: () => void;
  readonly disabled?: boolean;
  readonly t: Translate;
}

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export function Keypad({ onDigit, onBackspace, onClear, onEnter, disabled = false, t }: KeypadProps) {
  return (
    <div className="keypad" role="group" aria-label={t('pin.prompt')}>
      {DIGITS.map((digit) => (
        <button key={digit} type="button" className="key" disabled={disabled} onClick={() => onDigit(digit)}>
          {digit}
        </button>
      ))}
      <button type="button" className="key key-secondary" disabled={disabled} onClick={onClear} aria-label={t('pin.clear')}>
        C
      </button>
      <button type="button" className="key" disabled={disabled} onClick={() => onDigit('0')}>
        0
      </button>
      <button
        type="button"
        className="key key-secondary"
        disabled={disabled}
        onClick={onBackspace}
        aria-label={t('pin.backspace')}
      >
        ⌫
      </button>
      <button type="button" className="key key-enter" disabled={disabled} onClick={onEnter}>
        {t('pin.enter')}
      </button>
    </div>
  );
}
