/** Payment methods (PaymentMethodController_*): how clients pay; the kind DEBT puts a sale on the client's debt. */
import { RecordsPage, rowsOf, type RecordsConfig } from '../../components/RecordsPage.js';
import type { MessageKey } from '../../i18n/index.js';
import { textOf } from '../../lib/form-values.js';
import type { ConsolePage } from '../page.js';

interface PaymentMethod {
  readonly id: string;
  readonly name: string;
  readonly kind: string | null;
}

const KINDS = ['CASH', 'CARD', 'DEBT', 'OTHER'] as const;
const kindLabel = (kind: string | null): MessageKey => `kind.${(KINDS as readonly string[]).includes(kind ?? '') ? kind : 'OTHER'}` as MessageKey;
type Kind = (typeof KINDS)[number];

export const paymentMethodsConfig: RecordsConfig<PaymentMethod> = {
  load: async (api) => rowsOf<PaymentMethod>(await api.call('PaymentMethodController_findAll')),
  columns: [
    { header: 'field.name', cell: (row) => row.name },
    { header: 'field.kind', cell: (row, { t }) => t(kindLabel(row.kind)) },
  ],
  fields: [
    { name: 'name', label: 'field.name' },
    { name: 'kind', label: 'field.kind', kind: 'select', options: (_refs, t) => KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) })) },
  ],
  empty: { name: '', kind: 'CASH' },
  fromRow: (row) => ({ name: row.name, kind: row.kind ?? 'OTHER' }),
  create: async (api, form) => {
    await api.call('PaymentMethodController_create', { body: { name: textOf(form, 'name'), kind: textOf(form, 'kind') as Kind } });
  },
  update: (api, row, form) => api.call('PaymentMethodController_update', { params: { id: row.id }, body: { name: textOf(form, 'name'), kind: textOf(form, 'kind') as Kind } }),
  remove: (api, row) => api.call('PaymentMethodController_remove', { params: { id: row.id } }),
  name: (row) => row.name,
  intro: 'paymentMethods.intro',
  addLabel: 'paymentMethods.add',
  newTitle: 'paymentMethods.new',
  editTitle: 'paymentMethods.edit',
};

const page: ConsolePage = { path: '/payment-methods', titleMessageId: 'page.paymentMethods', Component: () => <RecordsPage config={paymentMethodsConfig} /> };
export default page;
