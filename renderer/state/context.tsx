/** How screens reach the bridge and the store: one React context, set up once by main.tsx (or a test). */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Bridge } from '../bridge.js';
import { translator, type Translate } from '../i18n/index.js';
import type { TerminalState, TerminalStore } from './terminal.js';

interface Terminal {
  readonly bridge: Bridge;
  readonly store: TerminalStore;
}

const TerminalContext = createContext<Terminal | null>(null);

export function TerminalProvider({ bridge, store, children }: Terminal & { children: ReactNode }) {
  const value = useMemo(() => ({ bridge, store }), [bridge, store]);
  return <TerminalContext.Provider value={value}>{children}</TerminalContext.Provider>;
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

/** The translator for the language on screen. */
export function useT(): Translate {
  const language = useTerminal((state) => state.language);
  return useMemo(() => translator(language), [language]);
}
