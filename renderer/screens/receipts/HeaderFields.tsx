/**
 * The receipt's header: name, supplier, warehouse, point and note, each with its problems right under it. The
 * point is the employee's workplace's and shown read-only; an employee without a workplace picks one.
 */
import { useId, type ReactNode } from 'react';
import type { MessageKey } from '../../i18n/index.js';
import { useT } from '../../state/context.js';
import type { HeaderDraft, HeaderField } from './request.js';
import type { Named } from './types.js';

function Field({
  label,
  problems,
  children,
}: {
  readonly label: string;
  readonly problems: readonly string[] | undefined;
  readonly children: (described: { 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const invalid = problems !== undefined && problems.length > 0;
  return (
    <div className="receipt-field">
      <label>
        <span className="receipt-field-label" title={label}>
          {label}
        </span>
        {children({ 'aria-invalid': invalid, ...(invalid ? { 'aria-describedby': id } : {}) })}
      </label>
      {invalid && (
        <div className="error field-error" role="alert" id={id}>
          {problems.map((problem, index) => (
            <div key={index}>{problem}</div>
          ))}
        </div>
      )}
    </div>
  );
}

/** Options for a reference, plus the stored value when it names none of them (kept, not silently changed). */
function Options({
  list,
  value,
  unknown,
}: {
  readonly list: readonly Named[];
  readonly value: string;
  readonly unknown: string;
}) {
  const t = useT();
  return (
    <>
      {value === '' && <option value="">{t('receipts.choose')}</option>}
      {value !== '' && !list.some((entry) => entry.id === value) && <option value={value}>{unknown}</option>}
      {list.map((entry) => (
        <option key={entry.id} value={entry.id}>
          {entry.name}
        </option>
      ))}
    </>
  );
}

export function HeaderFields({
  header,
  problems,
  suppliers,
  warehouses,
  points,
  fixedPoint,
  onChange,
}: {
  readonly header: HeaderDraft;
  readonly problems: Partial<Record<HeaderField, readonly string[]>>;
  readonly suppliers: readonly Named[];
  readonly warehouses: readonly Named[];
  readonly points: readonly Named[];
  /** The workplace's point when the receipt is recorded there: shown, not chosen. */
  readonly fixedPoint: string | null;
  readonly onChange: (field: HeaderField, value: string) => void;
}) {
  const t = useT();
  const unknown = (id: string, key: MessageKey = 'receipts.unknownValue') => t(key, { id });
  const warehouse = header.warehouseIds[0] ?? '';
  return (
    <div className="receipt-header-fields">
      <Field label={t('receipts.name')} problems={problems.name}>
        {(described) => (
          <input
            autoComplete="off"
            data-header-field="name"
            value={header.name}
            onChange={(event) => onChange('name', event.target.value)}
            {...described}
          />
        )}
      </Field>
      <Field label={t('receipts.supplier')} problems={problems.clientId}>
        {(described) => (
          <select value={header.clientId} onChange={(event) => onChange('clientId', event.target.value)} {...described}>
            <Options list={suppliers} value={header.clientId} unknown={t('receipts.unknownSupplier')} />
          </select>
        )}
      </Field>
      <Field label={t('receipts.warehouse')} problems={problems.warehouseId}>
        {(described) => (
          <select value={warehouse} onChange={(event) => onChange('warehouseId', event.target.value)} {...described}>
            <Options list={warehouses} value={warehouse} unknown={unknown(warehouse)} />
          </select>
        )}
      </Field>
      {fixedPoint !== null && fixedPoint === header.organizationId ? (
        <Field label={t('receipts.pointOfWorkplace')} problems={problems.organizationId}>
          {(described) => (
            <input readOnly value={points.find((point) => point.id === fixedPoint)?.name ?? unknown(fixedPoint)} {...described} />
          )}
        </Field>
      ) : (
        <Field label={t('receipts.point')} problems={problems.organizationId}>
          {(described) => (
            <select
              value={header.organizationId}
              onChange={(event) => onChange('organizationId', event.target.value)}
              {...described}
            >
              <Options list={points} value={header.organizationId} unknown={unknown(header.organizationId)} />
            </select>
          )}
        </Field>
      )}
      <Field label={t('receipts.note')} problems={problems.note}>
        {(described) => (
          <input
            autoComplete="off"
            data-header-field="note"
            value={header.note}
            onChange={(event) => onChange('note', event.target.value)}
            {...described}
          />
        )}
      </Field>
    </div>
  );
}
