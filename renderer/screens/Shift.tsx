/** PLACEHOLDER (session stop 14): the Shift screen's owner replaces this file; the export's name stays. */
export function Shift() {
  return <main className="screen" data-testid="shift-screen" />;
}
