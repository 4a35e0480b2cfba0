/** Switches the screen's language; the choice is kept for the signed-in employee (state/terminal.ts). */
import { LANGUAGES } from '../i18n/index.js';
import { useT, useTerminal } from '../state/context.js';

export function LanguageSwitch() {
  const t = useT();
  const language = useTerminal((state) => state.language);
  const setLanguage = useTerminal((state) => state.setLanguage);
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((option) => (
        <button
          key={option.code}
          type="button"
          lang={option.code}
          className={option.code === language ? 'lang active' : 'lang'}
          aria-pressed={option.code === language}
          onClick={() => setLanguage(option.code)}
        >
          {option.code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
