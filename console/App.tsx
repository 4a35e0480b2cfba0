/**
 * The console's shell: without a session, sign-in (`/sign-in`) or registration (`/register`); with one, a header
 * (business user, language, sign out), the navigation built from the page registry (pages/index.ts) and the
 * page whose path matches the address.
 */
import { useEffect } from 'react';
import { Register } from './auth/Register.js';
import { SignIn } from './auth/SignIn.js';
import { LanguageSwitch } from './components/LanguageSwitch.js';
import { Link } from './components/Link.js';
import { useLanguage, useSession, useT } from './context.js';
import { matches, navigate, usePath } from './lib/router.js';
import { PAGES } from './pages/index.js';
import { PagesContext, type ConsolePage } from './pages/page.js';

const PUBLIC_PATHS = new Set(['/sign-in', '/register']);

/** The page for a path: the longest registered path that matches it (so `/` matches only itself). */
export function pageFor(path: string, pages: readonly ConsolePage[] = PAGES): ConsolePage | undefined {
  return pages.filter((page) => matches(page.path, path)).sort((a, b) => b.path.length - a.path.length)[0];
}

function useDocumentLanguage(title: string) {
  const { language } = useLanguage();
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = title;
  }, [language, title]);
}

export function App() {
  const t = useT();
  const path = usePath();
  const { session, signOut } = useSession();
  const page = session ? pageFor(path) : undefined;
  useDocumentLanguage(page && page.path !== '/' ? `${t(page.titleMessageId)} — ${t('app.name')}` : t('app.title'));

  // Signed out: only the public pages; signed in: not them.
  useEffect(() => {
    if (!session && !PUBLIC_PATHS.has(path)) navigate('/sign-in', { replace: true });
    if (session && PUBLIC_PATHS.has(path)) navigate('/', { replace: true });
  }, [session, path]);

  if (!session) {
    return (
      <div className="auth-screen">
        <header className="auth-header">
          <span className="brand">{t('app.name')}</span>
          <LanguageSwitch />
        </header>
        <main className="auth-main">{path === '/register' ? <Register /> : <SignIn />}</main>
      </div>
    );
  }

  return (
    <PagesContext.Provider value={PAGES}>
      <div className="shell">
        <header className="top-bar">
          <Link to="/" className="brand">
            {t('app.name')}
          </Link>
          <span className="muted signed-in">{t('nav.signedInAs', { name: session.user.name })}</span>
          <LanguageSwitch />
          <button type="button" className="small" onClick={signOut}>
            {t('nav.signOut')}
          </button>
        </header>
        <nav className="side-nav" aria-label={t('nav.label')}>
          <ul>
            {PAGES.filter((entry) => !entry.hidden).map((entry) => (
              <li key={entry.path}>
                <Link to={entry.path} className={page === entry ? 'active' : undefined} current={page === entry}>
                  {t(entry.titleMessageId)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main className="page">
          {page ? (
            <>
              <h1>{t(page.titleMessageId)}</h1>
              <page.Component />
            </>
          ) : (
            <p className="error">{t('page.notFound')}</p>
          )}
        </main>
      </div>
    </PagesContext.Provider>
  );
}
