/**
 * The console's pages, in navigation order. Adding a page is one import line and one entry here (console/README.md
 * "Adding a page"); the shell builds the navigation and the routes from this list.
 */
import type { ConsolePage } from './page.js';
import home from './home/index.js';

export type { ConsolePage } from './page.js';

export const PAGES: readonly ConsolePage[] = [
  home,
];
