/**
 * Employees (EmployeeController_*): who signs in at a till with a PIN, their role and (optionally) their till.
 * A PIN is shown once: when the employee is added (typed by the owner, or chosen at random when left empty) and
 * when it is reset — then never again; the service keeps only its hash (S3). A random PIN that a colleague of the
 * same till already holds is replaced by another before the owner sees it.
 */
import type { Api } from '../../api.js';
import { RecordsPage, rowsOf, type FormValues, type RecordsConfig, type Reveal } from '../../components/RecordsPage.js';
import { nameIn, optionalText, textOf } from '../../lib/form-values.js';
import type { ConsolePage } from '../page.js';
import { isPinTaken, randomPin } from './pin.js';

interface Employee {
  readonly id: string;
  readonly full_name: string;
  readonly role_id: string;
  readonly workplace_id: string | null;
  readonly phone_number: string | null;
  readonly email: string | null;
  readonly notes: string | null;
}

const RANDOM_PIN_TRIES = 8;

function revealPin(name: string, pin: string): Reveal {
  // Said at each render (a language switch re-says them); the PIN itself is only in this object, never stored.
  return { title: (say) => say('employees.pinTitle', { name }), value: pin, note: (say) => say('employees.pinNote', { name }) };
}

/** Sets a PIN with `write`; a random one that is taken is drawn again, a typed one is refused to the owner. */
async function withPin(typed: string, write: (pin: string) => Promise<unknown>): Promise<string> {
  if (typed) {
    await write(typed);
    return typed;
  }
  for (let attempt = 1; ; attempt += 1) {
    const pin = randomPin();
    try {
      await write(pin);
      return pin;
    } catch (error) {
      if (!isPinTaken(error) || attempt >= RANDOM_PIN_TRIES) throw error;
    }
  }
}

function details(form: FormValues, mode: 'create' | 'update') {
  return {
    ...optionalText(form, 'phone_number', mode),
    ...optionalText(form, 'email', mode),
    ...optionalText(form, 'notes', mode),
    ...(textOf(form, 'workplace_id') ? { workplace_id: textOf(form, 'workplace_id') } : mode === 'update' ? { workplace_id: null } : {}),
  };
}

export const employeesConfig: RecordsConfig<Employee> = {
  load: async (api) => rowsOf<Employee>(await api.call('EmployeeController_findAll')),
  loadRefs: async (api: Api) => {
    const [roles, workplaces] = await Promise.all([api.call('EmployeeRoleController_findAll'), api.call('BusinessController_findAllWorkplaces')]);
    return { roles: rowsOf<Record<string, unknown>>(roles), workplaces: rowsOf<Record<string, unknown>>(workplaces) };
  },
  columns: [
    { header: 'field.fullName', cell: (row) => row.full_name },
    { header: 'field.role', cell: (row, { refs, t }) => nameIn(refs.roles, row.role_id, t('option.unknown')) },
    { header: 'field.workplace', cell: (row, { refs, t }) => (row.workplace_id ? nameIn(refs.workplaces, row.workplace_id, t('option.unknown')) : <span className="muted">{t('option.anyWorkplace')}</span>) },
    { header: 'field.phone', nowrap: true, cell: (row) => row.phone_number ?? '' },
  ],
  fields: [
    { name: 'full_name', label: 'field.fullName' },
    {
      name: 'role_id',
      label: 'field.role',
      kind: 'select',
      options: (refs, t) => [{ value: '', label: t('option.choose') }, ...(refs.roles ?? []).map((row) => ({ value: String(row.id), label: String(row.name) }))],
    },
    {
      name: 'workplace_id',
      label: 'field.workplace',
      kind: 'select',
      options: (refs, t) => [{ value: '', label: t('option.anyWorkplace') }, ...(refs.workplaces ?? []).map((row) => ({ value: String(row.id), label: String(row.name) }))],
    },
    { name: 'password', label: 'field.pinOptional', kind: 'pin', createOnly: true },
    { name: 'phone_number', label: 'field.phone', kind: 'tel' },
    { name: 'email', label: 'field.email' },
    { name: 'notes', label: 'field.notes' },
  ],
  empty: { full_name: '', role_id: '', workplace_id: '', password: '', phone_number: '', email: '', notes: '' },
  fromRow: (row) => ({
    full_name: row.full_name,
    role_id: row.role_id,
    workplace_id: row.workplace_id ?? '',
    phone_number: row.phone_number ?? '',
    email: row.email ?? '',
    notes: row.notes ?? '',
  }),
  create: async (api, form) => {
    const name = textOf(form, 'full_name');
    const pin = await withPin(textOf(form, 'password'), (password) =>
      api.call('EmployeeController_create', { body: { full_name: name, role_id: textOf(form, 'role_id'), password, ...details(form, 'create') } }),
    );
    return revealPin(name, pin);
  },
  update: (api, row, form) =>
    api.call('EmployeeController_update', {
      params: { id: row.id },
      body: { full_name: textOf(form, 'full_name'), ...(textOf(form, 'role_id') ? { role_id: textOf(form, 'role_id') } : {}), ...details(form, 'update') },
    }),
  remove: (api, row) => api.call('EmployeeController_remove', { params: { id: row.id } }),
  rowActions: [
    {
      label: 'employees.resetPin',
      run: async (api, row) => {
        const pin = await withPin('', (password) => api.call('EmployeeController_update', { params: { id: row.id }, body: { password } }));
        return revealPin(row.full_name, pin);
      },
    },
  ],
  name: (row) => row.full_name,
  intro: 'employees.intro',
  hint: (refs) => ((refs.roles ?? []).length === 0 ? 'employees.noRoles' : undefined),
  addLabel: 'employees.add',
  newTitle: 'employees.new',
  editTitle: 'employees.edit',
};

const page: ConsolePage = { path: '/employees', titleMessageId: 'page.employees', Component: () => <RecordsPage config={employeesConfig} /> };
export default page;
