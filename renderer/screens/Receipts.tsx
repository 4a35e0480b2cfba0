/**
 * Goods receipts: the list (filters, search) and the editor (lines by search or barcode scan, live exact totals,
 * draft, conduct, un-conduct, delete). Everything runs through the terminal core, offline too; the lists re-read
 * when the data version changes, while an open editor keeps what the cashier is typing.
 */
import { useCallback, useState } from 'react';
import { useNextActionClears } from '../lib/status.js';
import { errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { useEndOverride } from '../components/RightGate.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { NO_FILTER, type ListFilter } from './receipts/list.js';
import { ReceiptEditor } from './receipts/ReceiptEditor.js';
import { ReceiptList } from './receipts/ReceiptList.js';
import { loadReferences, type References } from './receipts/references.js';
import './receipts/receipts.css';

/** Which receipt the editor shows: a stored one by id, or a new one (null). */
interface Editing {
  readonly id: string | null;
}

export function Receipts() {
  const t = useT();
  const bridge = useBridge();
  const version = useTerminal((state) => state.dataVersion);
  // Reloaded when the data changes (a sync, a write); the previous catalogue index is reused where it still holds.
  const refs = useLoad((): Promise<References> => loadReferences(bridge, refs.data), [version]);
  const headers = useLoad(() => bridge.run('ReceiptController_findAll'), [version]);
  const [filter, setFilter] = useState<ListFilter>(NO_FILTER);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState('');
  const clearsOnNextAction = useNextActionClears(useCallback(() => setNotice(''), []));
  // Opened under a manager's override, a receipt keeps it from draft to conduct; closing the editor ends it.
  const endOverride = useEndOverride();

  const open = (id: string | null) => {
    setNotice('');
    setEditing({ id });
  };

  if (editing) {
    if (refs.error !== undefined && !refs.data) return <ErrorLines lines={errorLines(refs.error)} />;
    if (!refs.data) return <p className="muted screen">{t('common.loading')}</p>;
    return (
      <ReceiptEditor
        key={editing.id ?? 'new'}
        receiptId={editing.id}
        refs={refs.data}
        onClose={(message) => {
          setEditing(null);
          endOverride(message);
          setNotice(message);
          headers.reload();
        }}
      />
    );
  }
  return (
    <div className="contents" {...clearsOnNextAction}>
      {refs.error !== undefined && <ErrorLines lines={errorLines(refs.error)} />}
      <ReceiptList
        headers={headers}
        refs={refs.data}
        filter={filter}
        onFilter={setFilter}
        onOpen={(id) => open(id)}
        onNew={() => open(null)}
        notice={notice}
      />
    </div>
  );
}
