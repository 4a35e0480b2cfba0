/**
 * Warehouses (WarehouseController_*) and the business's default warehouse (`is_default`, ours): the first one
 * created is the default; "Make default" moves it. Points sell from the default unless they name another.
 */
import { RecordsPage, rowsOf, type RecordsConfig } from '../../components/RecordsPage.js';
import { optionalText, textOf } from '../../lib/form-values.js';
import type { ConsolePage } from '../page.js';

interface Warehouse {
  readonly id: string;
  readonly name: string;
  readonly location: string | null;
  readonly is_default: boolean;
}

export const warehousesConfig: RecordsConfig<Warehouse> = {
  load: async (api) => rowsOf<Warehouse>(await api.call('WarehouseController_findAll')),
  columns: [
    { header: 'field.name', cell: (row, { t }) => (row.is_default ? <>{row.name} <span className="badge">{t('warehouses.default')}</span></> : row.name) },
    { header: 'field.location', cell: (row) => row.location ?? '' },
  ],
  fields: [
    { name: 'name', label: 'field.name' },
    { name: 'location', label: 'field.location' },
    { name: 'is_default', label: 'field.isDefault', kind: 'checkbox', createOnly: true },
  ],
  empty: { name: '', location: '', is_default: false },
  fromRow: (row) => ({ name: row.name, location: row.location ?? '', is_default: row.is_default }),
  create: async (api, form) => {
    await api.call('WarehouseController_create', {
      body: { name: textOf(form, 'name'), ...optionalText(form, 'location', 'create'), ...(form.is_default === true ? { is_default: true } : {}) },
    });
  },
  update: (api, row, form) => api.call('WarehouseController_update', { params: { id: row.id }, body: { name: textOf(form, 'name'), ...optionalText(form, 'location', 'update') } }),
  remove: (api, row) => api.call('WarehouseController_remove', { params: { id: row.id } }),
  rowActions: [
    {
      label: 'warehouses.makeDefault',
      visible: (row) => !row.is_default,
      run: async (api, row) => {
        await api.call('WarehouseController_update', { params: { id: row.id }, body: { is_default: true } });
      },
    },
  ],
  name: (row) => row.name,
  intro: 'warehouses.intro',
  deleteWarning: 'warehouses.deleteWarning',
  addLabel: 'warehouses.add',
  newTitle: 'warehouses.new',
  editTitle: 'warehouses.edit',
};

const page: ConsolePage = { path: '/warehouses', titleMessageId: 'page.warehouses', Component: () => <RecordsPage config={warehousesConfig} /> };
export default page;
