/** Discounts (FinanceController_*Discount): a percentage or a fixed amount, for every point or one. */
import { RecordsPage, rowsOf, type FormValues, type RecordsConfig } from '../../components/RecordsPage.js';
import { nameIn, optionalDecimal, textOf, type Mode } from '../../lib/form-values.js';
import { showDecimal } from '../../lib/numbers.js';
import type { ConsolePage } from '../page.js';
import { pointOptions, pointsRefs } from '../taxes/points.js';

interface Discount {
  readonly id: string;
  readonly name: string;
  readonly discount_percent: string | null;
  readonly discount_value: string | null;
  readonly id_automated_point: string | null;
}

function body(form: FormValues, mode: Mode) {
  const point = textOf(form, 'id_automated_point');
  return {
    name: textOf(form, 'name'),
    ...optionalDecimal(form, 'discount_percent', mode),
    ...optionalDecimal(form, 'discount_value', mode),
    ...(point ? { id_automated_point: point } : mode === 'update' ? { id_automated_point: null } : {}),
  };
}

export const discountsConfig: RecordsConfig<Discount> = {
  load: async (api) => rowsOf<Discount>(await api.call('FinanceController_findAllDiscounts')),
  loadRefs: pointsRefs,
  columns: [
    { header: 'field.name', cell: (row) => row.name },
    { header: 'field.discountPercent', numeric: true, cell: (row, { language }) => showDecimal(row.discount_percent, language) },
    { header: 'field.discountValue', numeric: true, cell: (row, { language }) => showDecimal(row.discount_value, language) },
    { header: 'field.scopePoint', cell: (row, { refs, t }) => (row.id_automated_point ? nameIn(refs.points, row.id_automated_point, t('option.unknown')) : t('option.allPoints')) },
  ],
  fields: [
    { name: 'name', label: 'field.name' },
    { name: 'id_automated_point', label: 'field.scopePoint', kind: 'select', options: pointOptions },
    { name: 'discount_percent', label: 'field.discountPercent', kind: 'decimal' },
    { name: 'discount_value', label: 'field.discountValue', kind: 'decimal' },
  ],
  empty: { name: '', id_automated_point: '', discount_percent: '', discount_value: '' },
  fromRow: (row) => ({ name: row.name, id_automated_point: row.id_automated_point ?? '', discount_percent: row.discount_percent ?? '', discount_value: row.discount_value ?? '' }),
  create: async (api, form) => {
    await api.call('FinanceController_createDiscount', { body: body(form, 'create') });
  },
  update: (api, row, form) => api.call('FinanceController_updateDiscount', { params: { id: row.id }, body: body(form, 'update') }),
  remove: (api, row) => api.call('FinanceController_removeDiscount', { params: { id: row.id } }),
  name: (row) => row.name,
  intro: 'discounts.intro',
  addLabel: 'discounts.add',
  newTitle: 'discounts.new',
  editTitle: 'discounts.edit',
};

const page: ConsolePage = { path: '/discounts', titleMessageId: 'page.discounts', Component: () => <RecordsPage config={discountsConfig} /> };
export default page;
