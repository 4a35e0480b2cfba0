/**
 * Clients (ClientController_*): name, phone and the credit limit the till enforces on a sale on account (issue 16,
 * "Payment"). The limit stays a decimal string from the field to the service and back (lib/numbers.ts); emptied, it
 * is sent as null — no limit. The service's refusals (a negative limit, a third decimal) show under the field.
 */
import { RecordsPage, rowsOf, type FormValues, type RecordsConfig } from '../../components/RecordsPage.js';
import { optionalDecimal, optionalText, textOf, type Mode } from '../../lib/form-values.js';
import { showDecimal } from '../../lib/numbers.js';
import type { ConsolePage } from '../page.js';

interface Client {
  readonly id: string;
  readonly full_name: string;
  readonly phone_number: string | null;
  readonly credit_limit: string | null;
}

function body(form: FormValues, mode: Mode) {
  return {
    full_name: textOf(form, 'full_name'),
    ...optionalText(form, 'phone_number', mode),
    ...optionalDecimal(form, 'credit_limit', mode),
  };
}

export const clientsConfig: RecordsConfig<Client> = {
  load: async (api) => rowsOf<Client>(await api.call('ClientController_findAll')),
  columns: [
    { header: 'field.fullName', cell: (row) => row.full_name },
    { header: 'field.phone', nowrap: true, cell: (row) => row.phone_number ?? '' },
    {
      header: 'column.creditLimit',
      numeric: true,
      cell: (row, { language, t }) =>
        row.credit_limit === null ? t('clients.noLimit') : showDecimal(row.credit_limit, language),
    },
  ],
  fields: [
    { name: 'full_name', label: 'field.fullName' },
    { name: 'phone_number', label: 'field.phone', kind: 'tel' },
    { name: 'credit_limit', label: 'field.creditLimit', kind: 'decimal' },
  ],
  empty: { full_name: '', phone_number: '', credit_limit: '' },
  fromRow: (row) => ({ full_name: row.full_name, phone_number: row.phone_number ?? '', credit_limit: row.credit_limit ?? '' }),
  create: async (api, form) => {
    await api.call('ClientController_create', { body: body(form, 'create') });
  },
  update: (api, row, form) => api.call('ClientController_update', { params: { id: row.id }, body: body(form, 'update') }),
  remove: (api, row) => api.call('ClientController_remove', { params: { id: row.id } }),
  name: (row) => row.full_name,
  intro: 'clients.intro',
  addLabel: 'clients.add',
  newTitle: 'clients.new',
  editTitle: 'clients.edit',
};

const page: ConsolePage = {
  path: '/clients',
  titleMessageId: 'page.clients',
  Component: () => <RecordsPage config={clientsConfig} />,
};
export default page;
