/**
 * What the report views share: loading a report through the public API with its refusal said in the user's
 * language, amounts and dates shown the language's way, exact money columns for the sortable table, and the
 * charts (recharts). A chart draws numbers, so an amount becomes a JS number there and only there — the bar's
 * tooltip and every figure on the page show the exact decimal string.
 */
import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLanguage, useT } from '../../context.js';
import { describeError } from '../../lib/problems.js';
import { showDecimal } from '../../lib/numbers.js';
import { LOCALES, type Language } from '../../i18n/index.js';
import { decimalKey, type Column } from '../../components/SortableTable.js';

export type Loaded<T> = { readonly data: T | undefined; readonly errors: readonly string[]; readonly loading: boolean; readonly reload: () => void };

/** Runs `load` when `deps` change (and on `reload`); keeps the last answer while the next loads. */
export function useReport<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const t = useT();
  const [data, setData] = useState<T>();
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const run = useCallback(load, deps);
  useEffect(() => {
    let current = true;
    setLoading(true);
    run().then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setErrors([]);
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        const { general, fields } = describeError(error, t);
        setErrors([...general, ...Object.entries(fields).flatMap(([field, texts]) => texts.map((text) => `${field}: ${text}`))]);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [run, round, t]);
  return { data, errors, loading, reload: useCallback(() => setRound((n) => n + 1), []) };
}

/** A calendar day without its year, for a chart's axis ("25.11", "25/11"). */
export function showDayShort(day: string, language: Language): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toLocaleDateString(LOCALES[language], { month: '2-digit', day: '2-digit' });
}

/** An instant as the language writes a date and time ("25.11.2026, 14:05"). */
export function showInstant(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(LOCALES[language], { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** An instant's date, and its time, as the language writes them. */
export const showDate = (iso: string, language: Language): string =>
  new Date(iso).toLocaleDateString(LOCALES[language], { year: 'numeric', month: '2-digit', day: '2-digit' });
export const showTime = (iso: string, language: Language): string =>
  new Date(iso).toLocaleTimeString(LOCALES[language], { hour: '2-digit', minute: '2-digit' });

/** A calendar day ("2026-11-25") as the language writes it. */
export function showDay(day: string | null | undefined, language: Language): string {
  if (!day) return '';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).toLocaleDateString(LOCALES[language], { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** An instant for a CSV cell: "2026-11-25 14:05", local time, which Excel reads as a date in every language. */
export function csvInstant(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A money (or quantity) column: sorts exactly, shows grouped, exports with the language's decimal sign. */
export function amountColumn<Row>(key: string, label: string, value: (row: Row) => string | null, language: Language): Column<Row> {
  return {
    key,
    label,
    numeric: true,
    sortKey: (row) => decimalKey(value(row)),
    render: (row) => {
      const text = value(row);
      return text === null ? '—' : showDecimal(text, language);
    },
    csv: (row) => ({ decimal: value(row) }),
  };
}

/** A count column. */
export function countColumn<Row>(key: string, label: string, value: (row: Row) => number | null): Column<Row> {
  return { key, label, numeric: true, sortKey: (row) => value(row), csv: (row) => ({ decimal: value(row) === null ? null : String(value(row)) }) };
}

/** A text column. */
export function textColumn<Row>(key: string, label: string, value: (row: Row) => string): Column<Row> {
  return { key, label, sortKey: (row) => value(row) };
}

/** An amount as a number for drawing only (bar heights, pie slices); never summed or shown. */
export const forDrawing = (decimal: string): number => Number(decimal);

export interface ChartPoint {
  readonly label: string;
  /** The exact amount, shown in the tooltip. */
  readonly amount: string;
}

const COLORS = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#6b7280'];

function AmountTooltip({ active, payload, language }: { active?: boolean; payload?: readonly { payload?: ChartPoint }[]; language: Language }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="chart-tooltip">
      <strong>{point.label}</strong>
      <div>{showDecimal(point.amount, language)}</div>
    </div>
  );
}

export function AmountBars({ points, title }: { points: readonly ChartPoint[]; title: string }) {
  const { language } = useLanguage();
  const data = points.map((point) => ({ ...point, height: forDrawing(point.amount) }));
  return (
    <figure className="chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis tick={{ fontSize: 12 }} width={72} tickFormatter={(value: number) => compactAmount(value, language)} />
          <Tooltip content={<AmountTooltip language={language} />} />
          <Bar dataKey="height" fill={COLORS[0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function AmountPie({ points, title }: { points: readonly ChartPoint[]; title: string }) {
  const { language } = useLanguage();
  const data = points.filter((point) => forDrawing(point.amount) > 0).map((point) => ({ ...point, size: forDrawing(point.amount) }));
  return (
    <figure className="chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={220}>
        <PieChart>
          <Pie data={data} dataKey="size" nameKey="label" outerRadius={80} isAnimationActive={false} label={({ name }: { name?: string }) => name ?? ''}>
            {data.map((point, index) => (
              <Cell key={point.label} fill={COLORS[index % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip content={<AmountTooltip language={language} />} />
        </PieChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** An axis tick: "12 k", "3,4 M" — an approximation for the eye; the figures are in the tables. */
function compactAmount(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
