/**
 * Units of measurement (MeasurementController_*): what items are counted and sold in. A new business has none, and
 * the catalogue import refuses rows whose unit is unknown — so an owner who registered in the console adds them here
 * instead of calling the API by hand.
 */
import { RecordsPage, rowsOf, type RecordsConfig } from '../../components/RecordsPage.js';
import { textOf } from '../../lib/form-values.js';
import type { ConsolePage } from '../page.js';

interface Unit {
  readonly id: string;
  readonly name: string;
}

export const unitsConfig: RecordsConfig<Unit> = {
  load: async (api) => rowsOf<Unit>(await api.call('MeasurementController_findAllMeasurements')),
  columns: [{ header: 'field.name', cell: (row) => row.name }],
  fields: [{ name: 'name', label: 'field.name' }],
  empty: { name: '' },
  fromRow: (row) => ({ name: row.name }),
  create: async (api, form) => {
    await api.call('MeasurementController_createMeasurement', { body: { name: textOf(form, 'name') } });
  },
  update: (api, row, form) => api.call('MeasurementController_updateMeasurement', { params: { id: row.id }, body: { name: textOf(form, 'name') } }),
  remove: (api, row) => api.call('MeasurementController_removeMeasurement', { params: { id: row.id } }),
  name: (row) => row.name,
  intro: 'units.intro',
  addLabel: 'units.add',
  newTitle: 'units.new',
  editTitle: 'units.edit',
};

const page: ConsolePage = { path: '/units', titleMessageId: 'page.units', Component: () => <RecordsPage config={unitsConfig} /> };
export default page;
