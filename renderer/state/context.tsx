/**
 * How screens reach the bridge, the store and the language: one React context for the terminal, and react-intl's
 * IntlProvider at the root, its locale and messages those of the language on screen (the signed-in employee's).
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { Bridge } from '../bridge.js';
import { CATALOGUES, LOCALES, MESSAGE_OPTIONS, type Language, type Translate } from '../i18n/index.js';
import { setDisplayLanguage } from '../lib/format.js';
import type { TerminalState, TerminalStore } from './terminal.js';

interface Terminal {
  readonly bridge: Bridge;
  readonly store: TerminalStore;
}

const TerminalContext = createContext<Terminal | null>(null);

/** react-intl's provider for the language on screen; format.ts's default language follows it. */
function IntlRoot({ store, children }: { store: TerminalStore; children: ReactNode }) {
  const language = useStore(store, (state) => state.language);
  setDisplayLanguage(language);
  return (
    <IntlProvider locale={LOCALES[language]} messages={CATALOGUES[language]} defaultLocale={LOCALES.en}>
      {children}
    </IntlProvider>
  );
}

export function TerminalProvider({ bridge, store, children }: Terminal & { children: ReactNode }) {
  const value = useMemo(() => ({ bridge, store }), [bridge, store]);
  return (
    <TerminalContext.Provider value={value}>
      <IntlRoot store={store}>{children}</IntlRoot>
    </TerminalContext.Provider>
  );
}

function useTerminalContext(): Terminal {
  const terminal = useContext(TerminalContext);
  if (!terminal) throw new Error('TerminalProvider is missing');
  return terminal;
}

export function useBridge(): Bridge {
  return useTerminalContext().bridge;
}

export function useTerminal<T>(selector: (state: TerminalState) => T): T {
  return useStore(useTerminalContext().store, selector);
}

/** The language on screen. */
export function useLanguage(): Language {
  return useTerminal((state) => state.language);
}

/** The translator for the language on screen: ICU messages formatted by react-intl. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback<Translate>((key, values) => intl.formatMessage({ id: key }, values, MESSAGE_OPTIONS), [intl]);
}
