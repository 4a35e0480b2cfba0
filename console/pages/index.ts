/**
 * The console's pages, in navigation order. Adding a page is one import line and one entry here (console/README.md
 * "Adding a page"); the shell builds the navigation and the routes from this list.
 */
import type { ConsolePage } from './page.js';
import home from './home/index.js';
import points from './points/index.js';
import workplaces from './workplaces/index.js';
import warehouses from './warehouses/index.js';
import roles from './roles/index.js';
import employees from './employees/index.js';
import paymentMethods from './payment-methods/index.js';
import taxes from './taxes/index.js';
import discounts from './discounts/index.js';
import clients from './clients/index.js';
import modifierGroups from './modifier-groups/index.js';
import tills from './tills/index.js';
import catalogueImport from './import/index.js';
import fleet from './fleet/index.js';
import reports from './reports/index.js';
import units from './units/index.js';
import security from './security/index.js';

export type { ConsolePage } from './page.js';

export const PAGES: readonly ConsolePage[] = [
  home,
  points,
  workplaces,
  tills,
  warehouses,
  units,
  employees,
  roles,
  paymentMethods,
  taxes,
  discounts,
  clients,
  modifierGroups,
  catalogueImport,
  fleet,
  reports,
  security,
];
