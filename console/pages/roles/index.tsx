/** Employee roles (EmployeeRoleController_*): what an employee does; every employee has one. */
import { RecordsPage, rowsOf, type RecordsConfig } from '../../components/RecordsPage.js';
import { textOf } from '../../lib/form-values.js';
import type { ConsolePage } from '../page.js';

interface Role {
  readonly id: string;
  readonly name: string;
  readonly access_resources: readonly string[];
}

export const rolesConfig: RecordsConfig<Role> = {
  load: async (api) => rowsOf<Role>(await api.call('EmployeeRoleController_findAll')),
  columns: [{ header: 'field.name', cell: (row) => row.name }],
  fields: [{ name: 'name', label: 'field.name' }],
  empty: { name: '' },
  fromRow: (row) => ({ name: row.name }),
  // access_resources is required by the reference's create; nothing enforces it yet (shared/catalogue/employee-role.ts).
  create: async (api, form) => {
    await api.call('EmployeeRoleController_create', { body: { name: textOf(form, 'name'), access_resources: [] } });
  },
  update: (api, row, form) => api.call('EmployeeRoleController_update', { params: { id: row.id }, body: { name: textOf(form, 'name') } }),
  remove: (api, row) => api.call('EmployeeRoleController_remove', { params: { id: row.id } }),
  name: (row) => row.name,
  intro: 'roles.intro',
  addLabel: 'roles.add',
  newTitle: 'roles.new',
  editTitle: 'roles.edit',
};

const page: ConsolePage = { path: '/roles', titleMessageId: 'page.roles', Component: () => <RecordsPage config={rolesConfig} /> };
export default page;
