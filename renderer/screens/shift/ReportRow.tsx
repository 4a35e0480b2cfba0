/** One line of a shift report on screen: a label and its amount, optionally strong, indented or toned (over/short). */
export function ReportRow({ label, amount, strong = false, sub = false, tone, testId }: { label: string; amount: string; strong?: boolean; sub?: boolean; tone?: string; testId?: string }) {
  return (
    <div className={`report-row${strong ? ' strong' : ''}${sub ? ' sub' : ''}${tone ? ` tone-${tone}` : ''}`} data-testid={testId}>
      <span>{label}</span>
      <span className="amount">{amount}</span>
    </div>
  );
}
