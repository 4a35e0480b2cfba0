/**
 * Employee roles (EmployeeRoleController_*): what an employee does, and the rights it grants (shared/rights.ts) —
 * a checkbox and a line per right. Names in a role's list that Kassa does not know (a reference client's free
 * text) are shown as kept and stored again on save, never dropped.
 */
import { RIGHTS } from '../../../shared/rights.js';
import { RecordsPage, rowsOf, type EditorExtraProps, type RecordsConfig } from '../../components/RecordsPage.js';
import { useT } from '../../context.js';
import type { Translate } from '../../i18n/index.js';
import { textOf } from '../../lib/form-values.js';
import type { ConsolePage } from '../page.js';
import { RIGHT_WORDS, accessResourcesOf, keptNames, rightField, rightsForm, rightsIn } from './rights.js';

export interface Role {
  readonly id: string;
  readonly name: string;
  readonly access_resources: unknown;
}

/** The form value holding the kept names (as JSON text): shown in the editor; saving reads them from the row. */
const KEPT = 'kept';

function RightsSummary({ role, t }: { role: Role; t: Translate }) {
  const rights = rightsIn(role.access_resources);
  const kept = keptNames(role.access_resources);
  const granted = rights.includes('MANAGER') ? t('rights.all') : rights.length === 0 ? t('rights.none') : rights.map((right) => t(RIGHT_WORDS[right].name)).join(', ');
  return (
    <>
      <span data-testid={`rights-of-${role.name}`}>{granted}</span>
      {kept.length > 0 ? (
        <span className="muted small kept-names" data-testid={`kept-of-${role.name}`}>
          {` · ${t('rights.kept')}: ${kept.join(', ')}`}
        </span>
      ) : null}
    </>
  );
}

function RightsEditor({ form, set }: EditorExtraProps) {
  const t = useT();
  const kept = typeof form[KEPT] === 'string' ? keptNames(form[KEPT]) : [];
  const manager = form[rightField('MANAGER')] === true;
  return (
    <fieldset className="rights">
      <legend>{t('rights.title')}</legend>
      <p className="muted small">{t('rights.baseline')}</p>
      <div className="rights-list">
        {RIGHTS.map((right) => {
          const field = rightField(right);
          // MANAGER holds every right: the others read as ticked while it is, and untick back to what they were.
          const implied = manager && right !== 'MANAGER';
          return (
            <label key={right} className="right-choice">
              <input type="checkbox" name={field} checked={form[field] === true || implied} disabled={implied} onChange={(event) => set(field, event.target.checked)} />
              <span>
                <span className="right-name">{t(RIGHT_WORDS[right].name)}</span>
                <span className="muted small right-about">{t(RIGHT_WORDS[right].about)}</span>
              </span>
            </label>
          );
        })}
      </div>
      {kept.length > 0 ? (
        <div className="rights-kept" data-testid="kept-names">
          <p>
            <strong>{t('rights.kept')}:</strong> {kept.map((name) => `“${name}”`).join(', ')}
          </p>
          <p className="muted small">{t('rights.keptNote')}</p>
        </div>
      ) : null}
    </fieldset>
  );
}

export const rolesConfig: RecordsConfig<Role> = {
  load: async (api) => rowsOf<Role>(await api.call('EmployeeRoleController_findAll')),
  columns: [
    { header: 'field.name', cell: (row) => row.name },
    { header: 'rights.column', cell: (row, { t }) => <RightsSummary role={row} t={t} /> },
  ],
  fields: [{ name: 'name', label: 'field.name' }],
  empty: { name: '', ...rightsForm([]) },
  fromRow: (row) => ({ name: row.name, ...rightsForm(row.access_resources), [KEPT]: JSON.stringify(keptNames(row.access_resources)) }),
  create: async (api, form) => {
    await api.call('EmployeeRoleController_create', { body: { name: textOf(form, 'name'), access_resources: accessResourcesOf(form, []) } });
  },
  // The kept names come from the stored row, not the form: whatever another program wrote is stored again as it was.
  update: (api, row, form) =>
    api.call('EmployeeRoleController_update', {
      params: { id: row.id },
      body: { name: textOf(form, 'name'), access_resources: accessResourcesOf(form, keptNames(row.access_resources)) },
    }),
  remove: (api, row) => api.call('EmployeeRoleController_remove', { params: { id: row.id } }),
  name: (row) => row.name,
  intro: 'roles.intro',
  addLabel: 'roles.add',
  newTitle: 'roles.new',
  editTitle: 'roles.edit',
  EditorExtra: RightsEditor,
};

const page: ConsolePage = { path: '/roles', titleMessageId: 'page.roles', Component: () => <RecordsPage config={rolesConfig} /> };
export default page;
