/** Points of sale (BusinessController_*Point): a shop or café, and the warehouse its tills sell from. */
import type { Api } from '../../api.js';
import { RecordsPage, rowsOf, type RecordsConfig } from '../../components/RecordsPage.js';
import { nameIn, textOf } from '../../lib/form-values.js';
import type { ConsolePage } from '../page.js';

interface Point {
  readonly id: string;
  readonly name: string;
  readonly default_warehouse_id: string | null;
}

const warehouses = async (api: Api) => ({ warehouses: rowsOf<Record<string, unknown>>(await api.call('WarehouseController_findAll')) });

export const pointsConfig: RecordsConfig<Point> = {
  load: async (api) => rowsOf<Point>(await api.call('BusinessController_findAllPoints')),
  loadRefs: warehouses,
  columns: [
    { header: 'field.name', cell: (row) => row.name },
    {
      header: 'field.defaultWarehouse',
      cell: (row, { refs, t }) => (row.default_warehouse_id ? nameIn(refs.warehouses, row.default_warehouse_id, t('option.unknown')) : <span className="muted">{t('option.businessDefault')}</span>),
    },
  ],
  fields: [
    { name: 'name', label: 'field.name' },
    {
      name: 'default_warehouse_id',
      label: 'field.defaultWarehouse',
      kind: 'select',
      options: (refs, t) => [{ value: '', label: t('option.businessDefault') }, ...(refs.warehouses ?? []).map((row) => ({ value: String(row.id), label: String(row.name) }))],
    },
  ],
  empty: { name: '', default_warehouse_id: '' },
  fromRow: (row) => ({ name: row.name, default_warehouse_id: row.default_warehouse_id ?? '' }),
  create: async (api, form) => {
    const warehouse = textOf(form, 'default_warehouse_id');
    await api.call('BusinessController_createPoint', { body: { name: textOf(form, 'name'), ...(warehouse ? { default_warehouse_id: warehouse } : {}) } });
  },
  update: (api, row, form) =>
    api.call('BusinessController_updatePoint', { params: { id: row.id }, body: { name: textOf(form, 'name'), default_warehouse_id: textOf(form, 'default_warehouse_id') || null } }),
  remove: (api, row) => api.call('BusinessController_removePoint', { params: { id: row.id } }),
  name: (row) => row.name,
  intro: 'points.intro',
  deleteWarning: 'points.deleteWarning',
  addLabel: 'points.add',
  newTitle: 'points.new',
  editTitle: 'points.edit',
};

const page: ConsolePage = { path: '/points', titleMessageId: 'page.points', Component: () => <RecordsPage config={pointsConfig} /> };
export default page;
