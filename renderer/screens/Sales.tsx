/** PLACEHOLDER (session stop 14): the Sales screen's owner replaces this file; the export's name stays. */
export function Sales() {
  return <main className="screen" data-testid="sales-screen" />;
}
