/**
 * Correcting a refused new goods receipt through the receipt editor it was made with (receipts/ReceiptEditor.tsx),
 * filled from the refused body — header, lines, units, prices — keeping its guid (so it can never be created twice)
 * and the employee who received the goods. Sent again through the core as a new operation closing the entry.
 */
import type { OperationInputOf } from '../../../shared/catalogue/wire-types.js';
import type { InboxEntryPayload } from '../../../shared/terminal-contract.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { useLoad } from '../../lib/use-load.js';
import { useBridge, useT } from '../../state/context.js';
import { ReceiptForm } from '../receipts/ReceiptEditor.js';
import { loadReferences } from '../receipts/references.js';
import type { ReceiptDetail } from '../receipts/types.js';
import '../receipts/receipts.css';

/** The refused receipt's body as it was sent (any field may be missing from what the till kept). */
type SentReceipt = OperationInputOf<'ReceiptController_create'>['body'];
type RefusedReceipt = Partial<Omit<SentReceipt, 'items'>> & { readonly items?: readonly Partial<SentReceipt['items'][number]>[] };

/** The refused body as the editor's starting point (totals are recomputed by the editor from the lines). */
export function draftOf(entry: InboxEntryPayload): ReceiptDetail {
  const body = (entry.args ?? {}) as RefusedReceipt;
  return {
    id: '',
    guid: body.guid ?? null,
    name: body.name ?? '',
    description: null,
    warehouseId: body.warehouseId ?? [],
    organizationId: body.organizationId ?? '',
    total: '0',
    totalPlanned: '0',
    totalDiff: '0',
    employeeId: body.employeeId ?? entry.employee_id,
    clientId: body.clientId ?? '',
    note: body.note ?? null,
    conducted: body.conducted ?? false,
    dt_created: entry.occurred_at,
    items: (body.items ?? []).map((line) => ({
      itemId: line.itemId ?? '',
      quantity: line.quantity ?? '',
      price: line.price ?? '',
      plannedQuantity: line.plannedQuantity ?? line.quantity ?? '',
      measureId: line.measureId ?? '',
      rounding: line.rounding ?? null,
      newPrice: line.newPrice ?? null,
      warehouseId: line.warehouseId ?? null,
    })),
  };
}

export function ReceiptCorrection({ entry, onDone }: { readonly entry: InboxEntryPayload; readonly onDone: () => void }) {
  const t = useT();
  const bridge = useBridge();
  const refs = useLoad(() => loadReferences(bridge), []);
  if (refs.error !== undefined) return <ErrorLines lines={errorLines(refs.error)} />;
  if (!refs.data) return <p className="muted screen">{t('common.loading')}</p>;
  const draft = draftOf(entry);
  return (
    <ReceiptForm
      stored={null}
      refs={refs.data}
      onClose={onDone}
      correction={{
        draft,
        employeeId: draft.employeeId,
        send: (body) =>
          bridge.terminal('terminal.inboxResubmit', { entryId: entry.mutation_id, operation: entry.name, input: { params: entry.params, body } }),
      }}
    />
  );
}
