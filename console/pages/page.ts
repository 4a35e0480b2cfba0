/** What a page module exports (default): where it lives, its title, and what it shows. See console/README.md. */
import { createContext, useContext, type ComponentType } from 'react';
import type { MessageKey } from '../i18n/index.js';

export interface ConsolePage {
  /** Its address, e.g. `/points`; sub-paths (`/points/42`) show the same page, which reads them with usePath(). */
  readonly path: string;
  /** Its title in the navigation and at the top of the page: a key of the i18n catalogues. */
  readonly titleMessageId: MessageKey;
  readonly Component: ComponentType;
  /** Left out of the navigation (reached by a link from another page). */
  readonly hidden?: boolean;
}

/** The registered pages (pages/index.ts), for pages that list the others, without importing the registry. */
export const PagesContext = createContext<readonly ConsolePage[]>([]);
export const usePages = (): readonly ConsolePage[] => useContext(PagesContext);
