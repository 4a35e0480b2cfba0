/**
 * The demo's receipt printer: every point of the demo business prints to a fake ESC/POS printer on this machine
 * (`npm run fake-printer`, scripts/demo/fake-printer.ts), which shows each receipt as text — so a newcomer sees a
 * sale's receipt, its drawer pulse and its codes without owning a printer. The address is the ordinary raw-printing
 * port on loopback; KASSA_FAKE_PRINTER_PORT moves both the seeded printers and the fake printer (set it before the
 * first `npm start`: the printers are seeded once).
 */
export const DEMO_PRINTER_HOST = '127.0.0.1';
export const DEFAULT_DEMO_PRINTER_PORT = 9100;

export function demoPrinterPort(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.KASSA_FAKE_PRINTER_PORT;
  if (given === undefined || given === '') return DEFAULT_DEMO_PRINTER_PORT;
  const port = Number(given);
  if (!/^\d{1,5}$/.test(given) || port < 1 || port > 65_535) throw new Error(`KASSA_FAKE_PRINTER_PORT must be a port number from 1 to 65535, not "${given}"`);
  return port;
}

/** The printer row of one demo point (main/printing/printer-settings.ts reads `type`). */
export function demoPrinterBody(printer: { name: string; paper: '58mm' | '80mm' }, pointId: string, port: number): Record<string, string> {
  return { name: printer.name, ip_address: DEMO_PRINTER_HOST, port: String(port), provider: 'fake ESC/POS (npm run fake-printer)', type: `receipt ${printer.paper} cp866 point=${pointId}` };
}
