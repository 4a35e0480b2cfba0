/**
 * `npm start`'s first run: seed the demo business, enroll this terminal to its shop's first till, and record what
 * was made in `<DATA_DIR>/demo.json` (./demo-record.ts).
 *
 * - First run = no demo record AND the terminal is not enrolled. A terminal someone enrolled by hand is left alone
 *   (no demo is seeded); `KASSA_DEMO=0` skips the demo altogether, so the terminal starts at its enrollment screen.
 * - Later runs with a record: nothing is seeded again; the record is handed back for the summary.
 *
 * Interrupted seeding (the service killed halfway, a refusal): the record is written only once the whole business
 * exists, and every attempt registers a NEW owner with a random login suffix. A half-seeded business is therefore
 * never resumed, only abandoned: it is a tenant of its own that nothing points to (its password was never printed
 * or stored), so it cannot clash with the next attempt. Resuming it instead would mean telling, for each of ~90
 * creates, whether a lost answer had been applied — most of these resources have no idempotency key, so a retry
 * could duplicate items, stock rows or debts; and a duplicated opening debt is a wrong balance, not a cosmetic flaw.
 *
 * Interrupted enrollment is resumed: the record is written BEFORE enrolling (with `enrolledAt: null`), so a start
 * that dies between seeding and enrolling finds the record and an unenrolled terminal, logs in as the recorded
 * owner and enrolls with a new code. A record whose owner the service no longer knows (its database was reset) is
 * moved aside and a new demo is seeded.
 */
import { existsSync, renameSync } from 'node:fs';
import { DEMO_BUSINESS, type DemoBusiness } from './demo-data.js';
import { firstSaleGuide } from './first-sale.js';
import { demoRecordPath, readDemoRecord, writeDemoRecord, type DemoRecord } from './demo-record.js';
import { enrollAndDownload, terminalState } from './demo-terminal.js';
import { newDemoCredentials, openingDebtTotal, seedDemo } from './seed-demo.js';
import { ServiceRefused, serviceApi, type FetchLike, type ServiceApi } from './service-api.js';

export interface FirstRunOptions {
  readonly serviceUrl: string;
  /** The service's DATA_DIR: the record lives there. */
  readonly dataDir: string;
  /** The terminal core's data directory (its store is `terminal.sqlite` in it). */
  readonly terminalDataDir: string;
  /** KASSA_DEMO=0 skips the demo. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly log?: (line: string) => void;
  /** How the back office reaches the service (tests interrupt it). */
  readonly fetch?: FetchLike;
  readonly data?: DemoBusiness;
}

export type FirstRunOutcome =
  | { readonly kind: 'disabled' }
  | { readonly kind: 'enrolled-by-hand' }
  | {
      readonly kind: 'seeded' | 'enrollment-resumed' | 'existing';
      readonly record: DemoRecord;
      /** The workplace the terminal is enrolled to now (null if it is not). */
      readonly terminalWorkplaceId: string | null;
    };

async function enrollTerminal(api: ServiceApi, token: string, record: DemoRecord, options: FirstRunOptions): Promise<DemoRecord> {
  const { code } = await api.call<{ code: string }>('POST', '/sync/enrollment-codes', {
    token,
    body: { workplaceId: record.terminal.workplaceId },
  });
  const log = options.log ?? (() => undefined);
  log(`enrolling this terminal to "${record.terminal.workplace}" and downloading its data…`);
  const downloaded = await enrollAndDownload(
    options.terminalDataDir,
    options.serviceUrl,
    code,
    `Demo — ${record.terminal.workplace}`,
  );
  log(`enrolled; downloaded ${downloaded.rows} rows of ${downloaded.tables} tables`);
  const enrolled = { ...record, terminal: { ...record.terminal, enrolledAt: new Date().toISOString() } };
  writeDemoRecord(options.dataDir, enrolled);
  return enrolled;
}

async function seedAndEnroll(api: ServiceApi, options: FirstRunOptions): Promise<FirstRunOutcome> {
  const data = options.data ?? DEMO_BUSINESS;
  const log = options.log ?? (() => undefined);
  const credentials = newDemoCredentials(data);
  // Worked out before anything is seeded: a guide naming what the data lacks stops the demo before it starts.
  const guide = firstSaleGuide(data);
  log(`first run: seeding the demo business "${data.businessName}" through ${options.serviceUrl}/api/v1 …`);
  const seeded = await seedDemo(api, data, credentials);
  log(
    `seeded ${Object.entries(seeded.counts)
      .map(([what, count]) => `${count} ${what}`)
      .join(', ')}`,
  );
  const till = seeded.workplaces.get(data.terminalWorkplace);
  const point = data.points.find((candidate) => candidate.key === till?.point);
  if (!till || !point)
    throw new Error(`the demo data's terminal workplace "${data.terminalWorkplace}" is not one of its workplaces`);
  const record: DemoRecord = {
    version: 1,
    createdAt: new Date().toISOString(),
    businessName: data.businessName,
    businessId: seeded.businessId,
    owner: { login: credentials.login, password: credentials.password },
    employees: seeded.employees.map((employee) => ({
      name: employee.fullName,
      pin: employee.pin,
      role: employee.role,
      manager: employee.manager,
      workplace: employee.workplace,
      workplaceId: employee.workplaceId,
    })),
    terminal: { workplaceId: till.id, workplace: till.name, point: point.name, enrolledAt: null },
    seeded: seeded.counts,
    openingDebtTotal: openingDebtTotal(data),
    ...(guide ? { firstSale: guide } : {}),
  };
  writeDemoRecord(options.dataDir, record);
  const enrolled = await enrollTerminal(api, seeded.token, record, options);
  return { kind: 'seeded', record: enrolled, terminalWorkplaceId: till.id };
}

/** Seeds the demo and enrolls the terminal on a first run; on later runs returns what the record says. */
export async function prepareFirstRun(options: FirstRunOptions): Promise<FirstRunOutcome> {
  const env = options.env ?? process.env;
  if (env.KASSA_DEMO === '0') return { kind: 'disabled' };
  const api = serviceApi(options.serviceUrl, options.fetch);
  const record = readDemoRecord(options.dataDir);
  const terminal = await terminalState(options.terminalDataDir);
  if (record === null) {
    if (terminal.enrolled) return { kind: 'enrolled-by-hand' };
    return seedAndEnroll(api, options);
  }
  if (terminal.enrolled) {
    // Enrolled, but killed before the record said so: the download continues by itself at the core's first pull
    // (a terminal without a cursor bootstraps), so the record only needs to catch up.
    if (record.terminal.enrolledAt === null && terminal.workplaceId === record.terminal.workplaceId) {
      const caughtUp = { ...record, terminal: { ...record.terminal, enrolledAt: new Date().toISOString() } };
      writeDemoRecord(options.dataDir, caughtUp);
      return { kind: 'existing', record: caughtUp, terminalWorkplaceId: terminal.workplaceId };
    }
    return { kind: 'existing', record, terminalWorkplaceId: terminal.workplaceId };
  }
  let token: string;
  try {
    ({ access_token: token } = await api.call<{ access_token: string }>('POST', '/auth/login', {
      body: { login: record.owner.login, password: record.owner.password },
    }));
  } catch (error) {
    if (!(error instanceof ServiceRefused && error.status === 401)) throw error;
    const aside = `${demoRecordPath(options.dataDir)}.stale-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    if (existsSync(demoRecordPath(options.dataDir))) renameSync(demoRecordPath(options.dataDir), aside);
    options.log?.(`the service does not know the recorded demo owner (was its database reset?); the old record is now ${aside}`);
    return seedAndEnroll(api, options);
  }
  options.log?.('the demo business exists but this terminal is not enrolled: enrolling it again');
  const enrolled = await enrollTerminal(api, token, record, options);
  return { kind: 'enrollment-resumed', record: enrolled, terminalWorkplaceId: enrolled.terminal.workplaceId };
}
