/**
 * Catalogue import (docs/catalogue-import.md): the owner picks a CSV or XLSX file; it is read and checked here, in
 * the browser (./parse.ts, ./preview.ts), and every row's problems are shown in the user's language before
 * anything is sent. "Import" sends the rows without problems to the service's public import operation in batches
 * (./send.ts) with a progress bar. A stopped or refused import is simply run again: rows already imported are
 * updated, never doubled.
 */
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useApi, useLanguage, useT } from '../../context.js';
import { describeError } from '../../lib/problems.js';
import { showDecimal } from '../../lib/numbers.js';
import { FormErrors } from '../../components/form.js';
import type { ConsolePage } from '../page.js';
import { describeProblem, fieldName } from './messages.js';
import { fileKind, readTable } from './parse.js';
import { batchesOf, buildPreview, type NamedRecord, type Preview } from './preview.js';
import { sendBatches } from './send.js';
import { templateCsv } from './template.js';

/** Rows shown in the preview table: enough to see what is wrong, few enough for a 100,000-row file. */
const SHOWN_ROWS = 200;

interface Totals {
  created: number;
  updated: number;
  unchanged: number;
}

type Progress =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number }
  | { state: 'done'; totals: Totals }
  | { state: 'failed'; done: number; total: number; from: number; to: number; lines: string[] };

/** A CSV template with this business's warehouses as stock columns. */
function templateUrl(warehouses: readonly NamedRecord[]): string {
  return URL.createObjectURL(new Blob([templateCsv(warehouses.map((warehouse) => warehouse.name))], { type: 'text/csv' }));
}

function ImportPage() {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const [units, setUnits] = useState<NamedRecord[] | null>(null);
  const [warehouses, setWarehouses] = useState<NamedRecord[]>([]);
  const [loadError, setLoadError] = useState<string[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });

  useEffect(() => {
    let live = true;
    Promise.all([api.call('MeasurementController_findAllMeasurements'), api.call('WarehouseController_findAll')])
      .then(([measurements, stores]) => {
        if (!live) return;
        setUnits(measurements as NamedRecord[]);
        setWarehouses(stores as NamedRecord[]);
      })
      .catch((error: unknown) => live && setLoadError(describeError(error, t).general));
    return () => {
      live = false;
    };
  }, [api, t]);

  const template = useMemo(() => (typeof URL.createObjectURL === 'function' ? templateUrl(warehouses) : undefined), [warehouses]);
  useEffect(() => () => void (template && URL.revokeObjectURL(template)), [template]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setPreview(null);
    setProgress({ state: 'idle' });
    setFileError(null);
    if (!file || !units) return;
    const kind = fileKind(file.name);
    if (!kind) return setFileError(t('import.unsupported'));
    setReading(true);
    try {
      setPreview(buildPreview(await readTable(kind, await file.arrayBuffer()), units, warehouses));
    } catch (error) {
      setFileError(t('import.unreadable', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setReading(false);
    }
  }

  const batches = useMemo(() => (preview ? batchesOf(preview.rows) : []), [preview]);
  const sendable = batches.reduce((sum, batch) => sum + batch.length, 0);
  const bad = preview ? preview.rows.filter((row) => row.problems.length > 0).length : 0;

  async function start() {
    const total = sendable;
    const totals: Totals = { created: 0, updated: 0, unchanged: 0 };
    let done = 0;
    setProgress({ state: 'running', done, total });
    let failedAt = 0;
    try {
      await sendBatches(
        batches,
        (rows, index) => {
          failedAt = index;
          return api.call('ItemModifierController_importItems', { body: { rows } });
        },
        (answer, index) => {
          const summary = answer as Totals;
          totals.created += summary.created;
          totals.updated += summary.updated;
          totals.unchanged += summary.unchanged;
          done += batches[index]!.length;
          setProgress({ state: 'running', done, total });
        },
      );
      setProgress({ state: 'done', totals });
    } catch (error) {
      const batch = batches[failedAt] ?? [];
      const { general, fields } = describeError(error, t);
      const lines = [...general, ...Object.entries(fields).flatMap(([field, texts]) => texts.map((text) => `${field}: ${text}`))];
      setProgress({ state: 'failed', done, total, from: batch[0]?.line ?? 0, to: batch.at(-1)?.line ?? 0, lines });
    }
  }

  const running = progress.state === 'running';
  const shown = preview
    ? (onlyProblems ? preview.rows.filter((row) => row.problems.length > 0) : preview.rows).slice(0, SHOWN_ROWS)
    : [];
  const total = preview ? (onlyProblems ? bad : preview.rows.length) : 0;
  return (
    <div className="import-page">
      <p className="muted">{t('import.intro')}</p>
      <p className="muted">{t('import.columns')}</p>
      <FormErrors lines={loadError} />
      {units && units.length === 0 ? <p className="error">{t('import.noUnits')}</p> : null}
      <div className="toolbar">
        {/* The browser's own file input speaks the browser's language ("Choose File"), not the page's: it is
            hidden (still labelled and focusable) behind a button and the chosen name in the page's language. */}
        <label className={!units || running ? 'file-picker disabled' : 'file-picker'}>
          <span className="file-picker-title">{t('import.choose')}</span>
          <input
            type="file"
            className="visually-hidden"
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => {
              setFileName(event.target.files?.[0]?.name ?? null);
              void choose(event);
            }}
            disabled={!units || running}
          />
          <span className="file-picker-button" aria-hidden="true">
            {t('import.chooseButton')}
          </span>
          <span className="muted" aria-hidden="true">
            {fileName ?? t('import.noFile')}
          </span>
        </label>
        <span className="grow" />
        {template ? (
          <a href={template} download="kassa-catalogue.csv">
            {t('import.template')}
          </a>
        ) : null}
      </div>
      {reading ? <p className="muted">{t('import.reading')}</p> : null}
      {fileError ? <p className="error">{fileError}</p> : null}
      {preview ? (
        <section aria-label={t('page.import')}>
          <p>{t('import.summary', { rows: preview.rows.length, bad })}</p>
          {preview.missing.length > 0 ? (
            <p className="error">
              {t('import.missing', { fields: preview.missing.map((field) => fieldName(field, language)).join(', ') })}
            </p>
          ) : null}
          {preview.stockColumns.length > 0 ? (
            <p className="muted">
              {t('import.stockColumns', { warehouses: preview.stockColumns.map((column) => column.warehouse.name).join(', ') })}
            </p>
          ) : null}
          {preview.ignored.length > 0 ? (
            <p className="muted">{t('import.ignored', { headers: preview.ignored.join(', ') })}</p>
          ) : null}
          <div className="toolbar">
            <label className="checkbox">
              <input type="checkbox" checked={onlyProblems} onChange={(event) => setOnlyProblems(event.target.checked)} />{' '}
              {t('import.onlyProblems')}
            </label>
            <span className="grow" />
            <button
              type="button"
              className="primary"
              disabled={running || sendable === 0 || preview.missing.length > 0}
              onClick={() => void start()}
            >
              {t('import.start', { rows: sendable })}
            </button>
          </div>
          {bad > 0 && sendable > 0 ? <p className="muted">{t('import.skipNote')}</p> : null}
          {progress.state === 'running' || progress.state === 'failed' ? (
            <div className="import-progress">
              <progress
                value={progress.done}
                max={Math.max(progress.total, 1)}
                aria-label={t('import.progress', { done: progress.done, total: progress.total })}
              />
              <span> {t('import.progress', { done: progress.done, total: progress.total })}</span>
            </div>
          ) : null}
          {progress.state === 'done' ? <p className="success">{t('import.done', { ...progress.totals })}</p> : null}
          {progress.state === 'failed' ? (
            <div className="error" role="alert">
              <p>{t('import.failed', { from: progress.from, to: progress.to })}</p>
              <ul>
                {progress.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {total > SHOWN_ROWS ? <p className="muted">{t('import.shownFirst', { shown: SHOWN_ROWS, total })}</p> : null}
          {/* The problems come right after the name: on a narrow screen the rest scrolls sideways, they do not. */}
          <div style={{ overflowX: 'auto' }}>
            <table className="records">
              <thead>
                <tr>
                  <th className="number">{t('import.line')}</th>
                  <th>{t('field.name')}</th>
                  {bad > 0 ? <th>{t('import.problems')}</th> : null}
                  <th>{t('field.barcode')}</th>
                  <th>{t('field.group')}</th>
                  <th>{t('field.unit')}</th>
                  <th className="number">{t('field.price')}</th>
                  <th className="number">{t('field.cost')}</th>
                  <th>{t('import.stock')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map(({ line, row, problems }) => (
                  <tr
                    key={line}
                    className={problems.length > 0 ? 'has-problems' : undefined}
                    style={problems.length > 0 ? { background: '#fdecea' } : undefined}
                  >
                    <td className="number">{line}</td>
                    <td>{row.name}</td>
                    {/* A file without problems has no problems column: an empty red column would look like one. */}
                    {bad > 0 ? (
                      <td className={problems.length > 0 ? 'error' : undefined}>
                        {problems.map((problem) => (
                          <div key={`${problem.field}-${problem.code}`}>{describeProblem(problem, language)}</div>
                        ))}
                      </td>
                    ) : null}
                    <td>{row.barcode ?? ''}</td>
                    <td>{row.group ?? ''}</td>
                    <td>{row.unit}</td>
                    <td className="number">{showDecimal(row.price, language)}</td>
                    <td className="number">{showDecimal(row.cost, language)}</td>
                    <td>
                      {(row.stock ?? [])
                        .map(
                          (entry) =>
                            `${warehouses.find((warehouse) => warehouse.id === entry.warehouseId)?.name ?? ''}: ${showDecimal(entry.quantity, language)}`,
                        )
                        .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}

const page: ConsolePage = { path: '/import', titleMessageId: 'page.import', Component: ImportPage };
export default page;
