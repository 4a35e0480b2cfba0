/**
 * Tills (BusinessController_*Workplace): one workplace at a point of sale, where one terminal is installed. The
 * enrollment of a terminal and its download are the Tills-and-downloads page's (console/pages/tills/).
 */
import { RecordsPage, rowsOf, type RecordsConfig } from '../../components/RecordsPage.js';
import { nameIn, textOf } from '../../lib/form-values.js';
import type { ConsolePage } from '../page.js';

interface Workplace {
  readonly id: string;
  readonly name: string;
  readonly automated_point_id: string | null;
}

export const workplacesConfig: RecordsConfig<Workplace> = {
  load: async (api) => rowsOf<Workplace>(await api.call('BusinessController_findAllWorkplaces')),
  loadRefs: async (api) => ({ points: rowsOf<Record<string, unknown>>(await api.call('BusinessController_findAllPoints')) }),
  columns: [
    { header: 'field.name', cell: (row) => row.name },
    { header: 'field.point', cell: (row, { refs, t }) => nameIn(refs.points, row.automated_point_id, t('option.unknown')) },
  ],
  fields: [
    { name: 'name', label: 'field.name' },
    {
      name: 'automated_point_id',
      label: 'field.point',
      kind: 'select',
      options: (refs, t) => [{ value: '', label: t('option.choose') }, ...(refs.points ?? []).map((row) => ({ value: String(row.id), label: String(row.name) }))],
    },
  ],
  empty: { name: '', automated_point_id: '' },
  fromRow: (row) => ({ name: row.name, automated_point_id: row.automated_point_id ?? '' }),
  create: async (api, form) => {
    await api.call('BusinessController_createWorkplace', { body: { name: textOf(form, 'name'), automated_point_id: textOf(form, 'automated_point_id') } });
  },
  update: (api, row, form) =>
    api.call('BusinessController_updateWorkplace', {
      params: { id: row.id },
      body: { name: textOf(form, 'name'), ...(textOf(form, 'automated_point_id') ? { automated_point_id: textOf(form, 'automated_point_id') } : {}) },
    }),
  remove: (api, row) => api.call('BusinessController_removeWorkplace', { params: { id: row.id } }),
  name: (row) => row.name,
  intro: 'workplaces.intro',
  addLabel: 'workplaces.add',
  newTitle: 'workplaces.new',
  editTitle: 'workplaces.edit',
};

const page: ConsolePage = { path: '/workplaces', titleMessageId: 'page.workplaces', Component: () => <RecordsPage config={workplacesConfig} /> };
export default page;
