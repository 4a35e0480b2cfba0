/** Switches the console's language (kept for the next visit: context.tsx). */
import { LANGUAGES } from '../i18n/index.js';
import { useLanguage, useT } from '../context.js';

export function LanguageSwitch() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((option) => (
        <button
          key={option.code}
          type="button"
          lang={option.code}
          title={option.name}
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
