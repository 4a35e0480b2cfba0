/**
 * How screens reach the bridge, the store and the language: one React context for the terminal, and react-intl's
 * IntlProvider at the root, its locale and messages those of the language on screen (the signed-in employee's).
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useStore } from 'zustand';
import { asRpcError, type Bridge } from '../bridge.js';
import { CATALOGUES, LOCALES, MESSAGE_OPTIONS, translator, type Language, type Translate } from '../i18n/index.js';
import { refusalLines } from '../lib/rights.js';
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

/**
 * The bridge as screens get it: a refusal for a missing right (RIGHT_MISSING) or an ended manager's override comes
 * back already said in the cashier's language, so every screen that shows a call's error lines says it in words.
 */
export function sayingRefusals(bridge: Bridge, language: () => Language): Bridge {
  const say = (error: unknown) => {
    const refusal = asRpcError(error);
    const said = refusal.code === 'RIGHT_MISSING' || refusal.code === 'APPROVAL_ENDED';
    return Promise.reject(said ? { ...refusal, message: refusalLines(refusal, translator(language())).join(' ') } : error);
  };
  // The calls' types are the bridge's own; only the rejection changes.
  const terminal = bridge.terminal as (operation: string, input?: unknown) => Promise<unknown>;
  const run = bridge.run as (operation: string, input?: unknown) => Promise<unknown>;
  return {
    ...bridge,
    terminal: ((operation: string, input?: unknown) => (input === undefined ? terminal(operation) : terminal(operation, input)).catch(say)) as Bridge['terminal'],
    run: ((operation: string, input?: unknown) => (input === undefined ? run(operation) : run(operation, input)).catch(say)) as Bridge['run'],
  };
}

export function TerminalProvider({ bridge, store, children }: Terminal & { children: ReactNode }) {
  const value = useMemo(() => ({ bridge: sayingRefusals(bridge, () => store.getState().language), store }), [bridge, store]);
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

/**
 * Screens under it reach the terminal through `bridge` instead (a manager's override: components/RightGate.tsx runs
 * their operations as the approving manager).
 */
export function BridgeOverride({ bridge, children }: { bridge: Bridge; children: ReactNode }) {
  const { store } = useTerminalContext();
  const value = useMemo(() => ({ bridge, store }), [bridge, store]);
  return <TerminalContext.Provider value={value}>{children}</TerminalContext.Provider>;
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
