/**
 * The receipt's lines: unit, quantity, price, planned quantity and new selling price per line, with its amount and
 * difference computed as it is typed. Rows are memoised on their line object, so adding or editing one line
 * renders that row only (the target: adding a line to its display ≤ 50 ms, however long the receipt).
 */
import { memo, type KeyboardEvent } from 'react';
import { formatMoney } from '../../../shared/decimal.js';
import type { Translate } from '../../i18n/index.js';
import { showMoney } from '../../lib/format.js';
import { useT } from '../../state/context.js';
import { unitChoices, type ItemIndex } from './catalogue.js';
import type { EditableField, LineDraft } from './lines.js';
import type { Named } from './types.js';

export interface LineCallbacks {
  readonly onEdit: (key: string, field: EditableField, value: string) => void;
  readonly onRemove: (key: string) => void;
  /** Enter in a line's input: the cashier is done with it (the editor moves the focus back to the scan box). */
  readonly onDone: () => void;
}

export interface LineMarks {
  readonly fields: readonly string[];
  readonly messages: readonly string[];
}

const NUMBER_FIELDS: readonly {
  readonly field: Exclude<EditableField, 'measureId'>;
  readonly label: Parameters<Translate>[0];
}[] = [
  { field: 'quantity', label: 'receipts.line.quantity' },
  { field: 'price', label: 'receipts.line.price' },
  { field: 'plannedQuantity', label: 'receipts.line.planned' },
  { field: 'newPrice', label: 'receipts.line.newPrice' },
];

const signedClass = (units: bigint | null) => (units !== null && units < 0n ? 'amount negative' : 'amount');

const LineRow = memo(function LineRow({
  line,
  position,
  marks,
  measurements,
  items,
  warehouseName,
  callbacks,
}: {
  readonly line: LineDraft;
  readonly position: number;
  readonly marks: LineMarks | undefined;
  readonly measurements: readonly Named[];
  /** The catalogue: a line offers only its item's units (the service refuses others). */
  readonly items: ItemIndex;
  readonly warehouseName: string | null;
  readonly callbacks: LineCallbacks;
}) {
  const t = useT();
  const errorId = `line-${line.key}-problems`;
  const invalid = (field: string) => marks?.fields.includes(field) ?? false;
  const labelOf = (label: Parameters<Translate>[0]) => t('receipts.line.fieldOf', { field: t(label), item: line.name });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    callbacks.onDone();
  };
  const choices = unitChoices(items.byId.get(line.itemId), measurements);
  const knownMeasure = line.measureId === '' || choices.some((measurement) => measurement.id === line.measureId);
  return (
    <>
      <tr className={marks ? 'receipt-line invalid' : 'receipt-line'} data-testid="receipt-line">
        <td className="muted">{position + 1}</td>
        <td className="cell-name" title={line.name}>
          {line.name}
          {warehouseName !== null && (
            <div className="muted small-note">{t('receipts.line.ownWarehouse', { warehouse: warehouseName })}</div>
          )}
        </td>
        <td>
          <select
            aria-label={labelOf('receipts.line.unit')}
            aria-invalid={invalid('measureId')}
            aria-describedby={marks ? errorId : undefined}
            value={line.measureId}
            onChange={(event) => callbacks.onEdit(line.key, 'measureId', event.target.value)}
          >
            {line.measureId === '' && <option value="">{t('receipts.choose')}</option>}
            {!knownMeasure && (
              <option value={line.measureId}>
                {measurements.find((measurement) => measurement.id === line.measureId)?.name ?? t('receipts.unknownValue', { id: line.measureId })}
              </option>
            )}
            {choices.map((measurement) => (
              <option key={measurement.id} value={measurement.id}>
                {measurement.name}
              </option>
            ))}
          </select>
        </td>
        {NUMBER_FIELDS.map(({ field, label }) => (
          <td key={field}>
            <input
              className="number"
              inputMode="decimal"
              autoComplete="off"
              aria-label={labelOf(label)}
              aria-invalid={invalid(field)}
              aria-describedby={marks ? errorId : undefined}
              data-line-key={line.key}
              data-field={field}
              value={line[field]}
              onChange={(event) => callbacks.onEdit(line.key, field, event.target.value)}
              onKeyDown={onKeyDown}
            />
          </td>
        ))}
        <td className="amount" data-testid="line-amount">
          {line.amount === null ? '—' : showMoney(formatMoney(line.amount))}
          {line.rounding !== null && (
            <div className="muted small-note">{t('receipts.line.rounding', { amount: showMoney(line.rounding) })}</div>
          )}
        </td>
        <td className={signedClass(line.difference)} data-testid="line-diff">
          {line.difference === null ? '—' : showMoney(formatMoney(line.difference))}
        </td>
        <td>
          <button
            type="button"
            className="small icon"
            aria-label={t('receipts.line.remove', { item: line.name })}
            onClick={() => callbacks.onRemove(line.key)}
          >
            ✕
          </button>
        </td>
      </tr>
      {marks && (
        <tr className="line-problems">
          <td />
          <td colSpan={9}>
            <div className="error" role="alert" id={errorId}>
              {marks.messages.map((message, index) => (
                <div key={index}>{message}</div>
              ))}
            </div>
          </td>
        </tr>
      )}
    </>
  );
});

export function LineTable({
  lines,
  marks,
  measurements,
  items,
  warehouses,
  callbacks,
}: {
  readonly lines: readonly LineDraft[];
  readonly marks: Readonly<Record<string, LineMarks>>;
  readonly measurements: readonly Named[];
  readonly items: ItemIndex;
  readonly warehouses: readonly Named[];
  readonly callbacks: LineCallbacks;
}) {
  const t = useT();
  const warehouseName = (id: string | null) =>
    id === null ? null : (warehouses.find((warehouse) => warehouse.id === id)?.name ?? t('receipts.unknownValue', { id }));
  return (
    <div className="receipt-lines-scroll">
      <table className="receipt-lines" aria-label={t('receipts.lines')}>
        <thead>
          <tr>
            <th scope="col">{t('receipts.line.number')}</th>
            <th scope="col">{t('receipts.line.item')}</th>
            <th scope="col">{t('receipts.line.unit')}</th>
            <th scope="col">{t('receipts.line.quantity')}</th>
            <th scope="col">{t('receipts.line.price')}</th>
            <th scope="col">{t('receipts.line.planned')}</th>
            <th scope="col">{t('receipts.line.newPrice')}</th>
            <th scope="col" className="amount">
              {t('receipts.line.amount')}
            </th>
            <th scope="col" className="amount">
              {t('receipts.line.diff')}
            </th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {lines.map((line, position) => (
            <LineRow
              key={line.key}
              line={line}
              position={position}
              marks={marks[line.key]}
              measurements={measurements}
              items={items}
              warehouseName={warehouseName(line.warehouseId)}
              callbacks={callbacks}
            />
          ))}
        </tbody>
      </table>
      {lines.length === 0 && <p className="muted empty-lines">{t('receipts.noLines')}</p>}
    </div>
  );
}
