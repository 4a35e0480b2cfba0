/**
 * `<DATA_DIR>/demo.json`: what the demo seeding made — the owner's back-office login and password, the employees'
 * PINs, and the till this terminal is enrolled to — so every later `npm start` can say it again. It holds
 * secrets, so it is written owner-only (0600), atomically (a temporary file renamed over it: a start killed while
 * writing leaves either the old record or the new one, never half of one). It never holds a token.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEMO_PRINTER_HOST, demoPrinterPort } from './demo-printer.js';
import { FirstSaleGuideSchema, firstSaleLines } from './first-sale.js';

export const DEMO_RECORD_FILE = 'demo.json';

const DemoRecordSchema = z.object({
  version: z.literal(1),
  createdAt: z.string(),
  businessName: z.string(),
  businessId: z.string(),
  owner: z.object({ login: z.string(), password: z.string() }),
  employees: z.array(
    z.object({
      name: z.string(),
      pin: z.string().regex(/^[0-9]{4}$/),
      role: z.string(),
      manager: z.boolean(),
      workplace: z.string().nullable(),
      workplaceId: z.string().nullable(),
    }),
  ),
  terminal: z.object({
    workplaceId: z.string(),
    workplace: z.string(),
    point: z.string(),
    /** When this terminal was enrolled to the workplace; null until it is (an interrupted start resumes it). */
    enrolledAt: z.string().nullable(),
  }),
  seeded: z.record(z.string(), z.number()),
  openingDebtTotal: z.string(),
  /** What to type for a first sale (./first-sale.ts); absent in the records of older demos. */
  firstSale: FirstSaleGuideSchema.optional(),
});

export type DemoRecord = z.infer<typeof DemoRecordSchema>;

export const demoRecordPath = (dataDir: string) => join(dataDir, DEMO_RECORD_FILE);

/** The record in `dataDir`, or null when there is none; a file that is not a demo record is an error naming it. */
export function readDemoRecord(dataDir: string): DemoRecord | null {
  const file = demoRecordPath(dataDir);
  if (!existsSync(file)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${file} is not valid JSON; move it away to seed a new demo`);
  }
  const checked = DemoRecordSchema.safeParse(parsed);
  if (!checked.success)
    throw new Error(
      `${file} is not a demo record (${checked.error.issues[0]?.path.join('.') ?? '?'}); move it away to seed a new demo`,
    );
  return checked.data;
}

export function writeDemoRecord(dataDir: string, record: DemoRecord): void {
  mkdirSync(dataDir, { recursive: true });
  const file = demoRecordPath(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  // The mode of writeFileSync applies only to a new file, and the umask may narrow it: say it explicitly.
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

/**
 * The lines `npm start` prints about the demo: where to sign in, and the PINs, marking who can sign in at this
 * terminal (the employees of its till, and those of every till). Never a token: the record holds none.
 */
export function demoSummary(
  record: DemoRecord,
  context: { serviceUrl: string; dataDir: string; terminalWorkplaceId: string | null },
): string[] {
  const lines = [
    `Demo business "${record.businessName}", seeded ${record.createdAt.slice(0, 10)}; opening client debts total ${groupDigits(record.openingDebtTotal)} so'm.`,
    `Owner's console: ${context.serviceUrl}/ — sign in with login "${record.owner.login}", password "${record.owner.password}".`,
    `  The same login works on the service's API at ${context.serviceUrl}/api/v1 (try it at ${context.serviceUrl}/api/docs).`,
  ];
  const here = context.terminalWorkplaceId;
  if (here === record.terminal.workplaceId)
    lines.push(`This terminal is the till "${record.terminal.workplace}" (${record.terminal.point}). Employee PINs:`);
  else if (here === null) lines.push('This terminal is not enrolled (enroll it on its first screen). Employee PINs:');
  else lines.push('This terminal is enrolled to a till outside the demo. Employee PINs of the demo:');
  for (const employee of record.employees) {
    const where = employee.workplace ?? 'every till';
    const signsInHere =
      here !== null && (employee.workplaceId === null || employee.workplaceId === here) ? '  ← signs in here' : '';
    lines.push(
      `  ${employee.pin}  ${employee.name} — ${employee.role}${employee.manager ? ' (manager)' : ''}, ${where}${signsInHere}`,
    );
  }
  if (record.firstSale && here === record.terminal.workplaceId) lines.push(...firstSaleLines(record.firstSale, groupDigits));
  if ((record.seeded.printers ?? 0) > 0)
    lines.push(`Receipts print to a fake printer at ${DEMO_PRINTER_HOST}:${demoPrinterPort()}: run "npm run fake-printer" in another terminal to see them.`);
  lines.push(`Recorded in ${demoRecordPath(context.dataDir)}. KASSA_DEMO=0 starts without the demo (on a fresh DATA_DIR).`);
  return lines;
}

/** "1101000.5" → "1 101 000.5": the integer part in groups of three, as a price is read aloud (exact: text only). */
export function groupDigits(decimal: string): string {
  const [whole = '', fraction] = decimal.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
