/**
 * A tiny router over the History API: the console's routes are real paths (`/points`), which the service answers
 * with the console's page (server/console-static.ts), so a reload or a shared link opens the same page. No router
 * library is on the console's allow-list, and four functions are all it needs.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The path on screen, e.g. `/points`. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname, () => '/');
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (path === window.location.pathname) return;
  if (options.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** Whether a page at `pagePath` shows `path`: the page itself, or a sub-path of it (`/employees/42`). */
export function matches(pagePath: string, path: string): boolean {
  if (pagePath === '/') return path === '/';
  return path === pagePath || path.startsWith(`${pagePath}/`);
}
