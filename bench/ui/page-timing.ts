/**
 * Measurements taken inside the page, with the page's own clock, so Playwright's polling adds nothing to them.
 * Each is JavaScript source handed to `page.evaluate` / `addInitScript` (this folder has no DOM types).
 */

/**
 * Installed before any of the page's scripts: records in `window.__interactiveAt` the first frame (ms since the
 * navigation started, i.e. since the page was requested) at which `selector` exists and is enabled — the PIN
 * keypad, which the renderer shows only once it is connected to the terminal and knows the till is enrolled.
 */
export function interactiveWatcher(selector: string): string {
  return `
    (() => {
      const ready = () => { const el = document.querySelector(${JSON.stringify(selector)}); return el && !el.disabled; };
      const done = () => requestAnimationFrame(() => { window.__interactiveAt = performance.now(); });
      const start = () => {
        if (ready()) return done();
        const observer = new MutationObserver(() => { if (ready()) { observer.disconnect(); done(); } });
        observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
      };
      if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
    })();
  `;
}

/**
 * Arms one measurement: resolves (as `window.__latency`) with the time from the next keydown (of `key`, when
 * given) to the first frame after the page shows what `predicate` (a function source taking `document`) waits for.
 * The frame is awaited with requestAnimationFrame and a task after it, so layout and paint of the result count.
 */
export function armKeyLatency(predicate: string, key?: string): string {
  return `
    window.__latency = new Promise((resolve) => {
      const check = ${predicate};
      let startedAt = null;
      const finish = () => {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - startedAt), 0));
      };
      const observer = new MutationObserver(() => { if (startedAt !== null && check(document)) finish(); });
      const onKey = (event) => {
        if (${JSON.stringify(key ?? null)} !== null && event.key !== ${JSON.stringify(key ?? null)}) return;
        window.removeEventListener('keydown', onKey, true);
        startedAt = event.timeStamp;
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      };
      window.addEventListener('keydown', onKey, true);
    });
    undefined; // not the promise: evaluate would wait for it, and the key is pressed only after arming
  `;
}
