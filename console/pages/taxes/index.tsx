/**
 * Taxes and fees (FinanceController_*TaxFee): a percentage and/or a fixed amount, for every point or one. Amounts
 * stay decimal strings from the field to the service and back (lib/numbers.ts).
 */
import { RecordsPage, rowsOf, type RecordsConfig } from '../../components/RecordsPage.js';
import { nameIn, optionalDecimal, textOf, type Mode } from '../../lib/form-values.js';
import type { FormValues } from '../../components/RecordsPage.js';
import { showDecimal } from '../../lib/numbers.js';
import type { ConsolePage } from '../page.js';
import { pointOptions, pointsRefs } from './points.js';

interface TaxFee {
  readonly id: string;
  readonly name: string;
  readonly tax_percent: string | null;
  readonly tax_value: string | null;
  readonly fee_percent: string | null;
  readonly fee_value: string | null;
  readonly id_automated_point: string | null;
}

const AMOUNTS = ['tax_percent', 'tax_value', 'fee_percent', 'fee_value'] as const;

function body(form: FormValues, mode: Mode) {
  const point = textOf(form, 'id_automated_point');
  return {
    name: textOf(form, 'name'),
    ...Object.assign({}, ...AMOUNTS.map((name) => optionalDecimal(form, name, mode))),
    ...(point ? { id_automated_point: point } : mode === 'update' ? { id_automated_point: null } : {}),
  };
}

export const taxesConfig: RecordsConfig<TaxFee> = {
  load: async (api) => rowsOf<TaxFee>(await api.call('FinanceController_findAllTaxFees')),
  loadRefs: pointsRefs,
  columns: [
    { header: 'field.name', cell: (row) => row.name },
    { header: 'field.taxPercent', numeric: true, cell: (row, { language }) => showDecimal(row.tax_percent, language) },
    { header: 'field.taxValue', numeric: true, cell: (row, { language }) => showDecimal(row.tax_value, language) },
    { header: 'field.feePercent', numeric: true, cell: (row, { language }) => showDecimal(row.fee_percent, language) },
    { header: 'field.feeValue', numeric: true, cell: (row, { language }) => showDecimal(row.fee_value, language) },
    { header: 'field.scopePoint', cell: (row, { refs, t }) => (row.id_automated_point ? nameIn(refs.points, row.id_automated_point, t('option.unknown')) : t('option.allPoints')) },
  ],
  fields: [
    { name: 'name', label: 'field.name' },
    { name: 'id_automated_point', label: 'field.scopePoint', kind: 'select', options: pointOptions },
    { name: 'tax_percent', label: 'field.taxPercent', kind: 'decimal' },
    { name: 'tax_value', label: 'field.taxValue', kind: 'decimal' },
    { name: 'fee_percent', label: 'field.feePercent', kind: 'decimal' },
    { name: 'fee_value', label: 'field.feeValue', kind: 'decimal' },
  ],
  empty: { name: '', id_automated_point: '', tax_percent: '', tax_value: '', fee_percent: '', fee_value: '' },
  fromRow: (row) => ({
    name: row.name,
    id_automated_point: row.id_automated_point ?? '',
    tax_percent: row.tax_percent ?? '',
    tax_value: row.tax_value ?? '',
    fee_percent: row.fee_percent ?? '',
    fee_value: row.fee_value ?? '',
  }),
  create: async (api, form) => {
    await api.call('FinanceController_createTaxFee', { body: body(form, 'create') });
  },
  update: (api, row, form) => api.call('FinanceController_updateTaxFee', { params: { id: row.id }, body: body(form, 'update') }),
  remove: (api, row) => api.call('FinanceController_removeTaxFee', { params: { id: row.id } }),
  name: (row) => row.name,
  intro: 'taxes.intro',
  addLabel: 'taxes.add',
  newTitle: 'taxes.new',
  editTitle: 'taxes.edit',
};

const page: ConsolePage = { path: '/taxes', titleMessageId: 'page.taxes', Component: () => <RecordsPage config={taxesConfig} /> };
export default page;
