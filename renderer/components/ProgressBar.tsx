/** A determinate progress bar: `done` of `total` (integers), as a real <progress> element for assistive tech. */
export function ProgressBar({ done, total, label }: { readonly done: number; readonly total: number; readonly label: string }) {
  const max = Math.max(total, 1);
  return (
    <div className="progress">
      <progress max={max} value={Math.min(done, max)} aria-label={label} />
      <div className="progress-label">{label}</div>
    </div>
  );
}
