/**
 * What every page reaches through hooks: the api client (`useApi`), the session (`useSession`), the language and
 * its translator (`useT`, react-intl underneath). The provider owns the session: signing in keeps it in memory
 * and the tab's sessionStorage (session.ts says why there), signing out or a 401 forgets it.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { createApi, type Api } from './api.js';
import { CATALOGUES, isLanguage, LOCALES, MESSAGE_OPTIONS, type Language, type Translate } from './i18n/index.js';
import { loadSession, saveSession, type Session, type SessionStorageLike } from './session.js';

export const LANGUAGE_KEY = 'kassa.console.language';

interface ConsoleState {
  readonly api: Api;
  readonly session: Session | undefined;
  readonly signIn: (session: Session) => void;
  readonly signOut: () => void;
  /** Why the last session ended without the user asking (a 401), to say on the sign-in page. */
  readonly endedByService: boolean;
  readonly language: Language;
  readonly setLanguage: (language: Language) => void;
}

const ConsoleContext = createContext<ConsoleState | undefined>(undefined);

function initialLanguage(storage: Pick<Storage, 'getItem'> | undefined): Language {
  const kept = storage?.getItem(LANGUAGE_KEY);
  if (isLanguage(kept)) return kept;
  const browser = (typeof navigator === 'undefined' ? '' : navigator.language).slice(0, 2);
  return isLanguage(browser) ? browser : 'uz';
}

export interface ConsoleProviderProps {
  readonly children: ReactNode;
  /** The tab's sessionStorage (the token); tests pass a fake. */
  readonly sessionStorage?: SessionStorageLike;
  /** Where the chosen language is kept (not a secret: localStorage, so a new tab opens in it). */
  readonly preferences?: Pick<Storage, 'getItem' | 'setItem'>;
  /** A fetch for tests. */
  readonly fetch?: Parameters<typeof createApi>[0]['fetch'];
}

export function ConsoleProvider({ children, sessionStorage, preferences, fetch }: ConsoleProviderProps) {
  const [session, setSession] = useState<Session | undefined>(() => loadSession(sessionStorage));
  const [endedByService, setEndedByService] = useState(false);
  const [language, setLanguageState] = useState<Language>(() => initialLanguage(preferences));
  // The api reads the token at each call, so one client serves every session.
  const token = useRef(session?.token);
  token.current = session?.token;

  const forget = useCallback(
    (byService: boolean) => {
      token.current = undefined;
      saveSession(sessionStorage, undefined);
      setSession(undefined);
      setEndedByService(byService);
    },
    [sessionStorage],
  );

  const api = useMemo(
    () => createApi({ token: () => token.current, onUnauthorized: () => forget(true), ...(fetch ? { fetch } : {}) }),
    [fetch, forget],
  );

  const value = useMemo<ConsoleState>(
    () => ({
      api,
      session,
      endedByService,
      signIn: (next) => {
        token.current = next.token;
        saveSession(sessionStorage, next);
        setSession(next);
        setEndedByService(false);
      },
      signOut: () => forget(false),
      language,
      setLanguage: (next) => {
        setLanguageState(next);
        try {
          preferences?.setItem(LANGUAGE_KEY, next);
        } catch {
          // not kept: the choice holds for this page only
        }
      },
    }),
    [api, session, endedByService, sessionStorage, forget, language, preferences],
  );

  return (
    <ConsoleContext.Provider value={value}>
      <IntlProvider locale={LOCALES[language]} messages={CATALOGUES[language]} defaultLocale={LOCALES.en}>
        {children}
      </IntlProvider>
    </ConsoleContext.Provider>
  );
}

function useConsole(): ConsoleState {
  const state = useContext(ConsoleContext);
  if (!state) throw new Error('console hooks are used inside <ConsoleProvider>');
  return state;
}

export const useApi = (): Api => useConsole().api;
export function useSession() {
  const { session, signIn, signOut, endedByService } = useConsole();
  return { session, signIn, signOut, endedByService };
}
export function useLanguage() {
  const { language, setLanguage } = useConsole();
  return { language, setLanguage };
}

/** The translator for the language on screen. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback<Translate>((key, values) => intl.formatMessage({ id: key }, values, MESSAGE_OPTIONS), [intl]);
}
