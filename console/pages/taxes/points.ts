/** The "applies at" choice of taxes and discounts: every point of sale, or one. */
import type { Api } from '../../api.js';
import { rowsOf, type Refs } from '../../components/RecordsPage.js';
import type { Translate } from '../../i18n/index.js';

export const pointsRefs = async (api: Api): Promise<Refs> => ({ points: rowsOf<Record<string, unknown>>(await api.call('BusinessController_findAllPoints')) });

export const pointOptions = (refs: Refs, t: Translate) => [
  { value: '', label: t('option.allPoints') },
  ...(refs.points ?? []).map((row) => ({ value: String(row.id), label: String(row.name) })),
];
