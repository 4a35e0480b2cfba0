/**
 * `npm run sim -- --seed N --terminals T --duration S [--server sqlite|postgres] [--instances N] [--protocol core|naive]
 *  [--rate OPS] [--no-faults] [--drain-bound MS] [--compaction] [--disasters all|KIND,…] [--restore operator|by-hand] [--keep]`
 *
 * `--disasters`: besides the faults, the service's database restored from a backup taken mid-run, a till's store
 * copied and run as a second till, a till's clock jumping years (./disasters.ts); `all`, or a list of
 * `restore-service`, `clone-till`, `clock-jump`. `--restore` forces how the backup is put back (else seeded).
 *
 * `--compaction`: the service compacts its change log every second, versions older than 1 s to their latest entry,
 * with its retention floor at 2 s (docs/sync.md, "Compaction and the retention floor"), so tills pull compacted
 * pages and one offline longer than the floor is reset and downloads again, while the faults run.
 *
 * Runs one simulation (./simulation.ts) and prints what each service instance served, each checker's verdict
 * and the seed. Exit code 0 when no
 * checker failed, 1 otherwise, 2 on bad arguments or a harness failure. The same seed replays the same world,
 * workload choices and fault schedule (timing differs from run to run: which request a fault hits may change).
 */
import { parseArgs } from 'node:util';
import { DISASTER_KINDS, type DisasterKind } from './disasters.js';
import { SQLITE_ONE_INSTANCE } from './service.js';
import { describeRecord } from './disasters.js';
import { runSimulation, type SimOptions, type SimReport } from './simulation.js';

export function parseOptions(argv: readonly string[]): Omit<SimOptions, 'log'> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      seed: { type: 'string' },
      terminals: { type: 'string', default: '3' },
      duration: { type: 'string', default: '20' },
      server: { type: 'string', default: 'sqlite' },
      instances: { type: 'string', default: '1' },
      protocol: { type: 'string', default: 'core' },
      rate: { type: 'string', default: '4' },
      'no-faults': { type: 'boolean', default: false },
      'drain-bound': { type: 'string', default: '60000' },
      compaction: { type: 'boolean', default: false },
      disasters: { type: 'string' },
      restore: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const integer = (name: string, text: string | undefined, min: number, max: number) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}, got "${text}"`);
    return value;
  };
  if (values.server !== 'sqlite' && values.server !== 'postgres') throw new Error(`--server must be sqlite or postgres, got "${values.server}"`);
  if (values.protocol !== 'core' && values.protocol !== 'naive') throw new Error(`--protocol must be core or naive, got "${values.protocol}"`);
  const instances = integer('instances', values.instances, 1, 8);
  if (instances > 1 && values.server !== 'postgres') throw new Error(SQLITE_ONE_INSTANCE);
  const disasters: DisasterKind[] = [];
  if (values.disasters !== undefined) {
    for (const kind of values.disasters === 'all' ? DISASTER_KINDS : values.disasters.split(',')) {
      if (!(DISASTER_KINDS as readonly string[]).includes(kind)) throw new Error(`--disasters must be all or a list of ${DISASTER_KINDS.join(', ')}, got "${kind}"`);
      disasters.push(kind as DisasterKind);
    }
    if (values.protocol !== 'core') throw new Error('--disasters needs --protocol core: the naive protocol has no journal, generation or install to survive them with');
  }
  if (values.restore !== undefined && values.restore !== 'operator' && values.restore !== 'by-hand') throw new Error(`--restore must be operator or by-hand, got "${values.restore}"`);
  const rate = Number(values.rate);
  if (!(rate > 0 && rate <= 50)) throw new Error(`--rate must be a number of operations per second per terminal, 0 < rate ≤ 50, got "${values.rate}"`);
  return {
    seed: values.seed === undefined ? Math.floor(Math.random() * 1_000_000) : integer('seed', values.seed, 0, 2 ** 31 - 1),
    terminals: integer('terminals', values.terminals, 1, 12),
    durationS: integer('duration', values.duration, 5, 3600),
    server: values.server,
    protocol: values.protocol,
    instances,
    opsPerSecond: rate,
    faults: !values['no-faults'],
    drainBoundMs: integer('drain-bound', values['drain-bound'], 1000, 3_600_000),
    compaction: values.compaction,
    disasters,
    ...(values.restore === undefined ? {} : { restoreMethod: values.restore }),
    keep: values.keep,
  };
}

export function formatReport(report: SimReport): string {
  const { options } = report;
  const lines = [
    `kassa sim — seed ${options.seed}: ${options.terminals} terminals, ${options.durationS} s, ${options.server} server${options.instances > 1 ? ` × ${options.instances} instances` : ''}, ${options.protocol} protocol (${report.seconds} s wall)`,
    `faults: ${report.faults.length} executed; proxy ${Object.entries(report.proxyCounts).map(([kind, n]) => `${kind} ${n}`).join(', ') || 'nothing injected'}`,
    ...report.faults.map((fault) => `  ${fault}`),
    ...report.disasters.map((record) => `disaster: ${describeRecord(record)}`),
    `clock skews: ${Object.entries(report.clockSkews).map(([name, ms]) => `${name} ${ms >= 0 ? '+' : ''}${ms / 60_000} min`).join(', ')}`,
    ...report.instances.map(
      (instance) =>
        `service instance ${instance.number} (port ${instance.port}): ${instance.served} requests served, ${instance.cutOff} cut off in flight, ${instance.refused} refused (sent elsewhere), ` +
        `${instance.restarts} restart${instance.restarts === 1 ? '' : 's'}`,
    ),
    `operations: ${report.operations.ok} committed at the tills, ${report.operations.refused} refused there, ${report.operations.indeterminate} indeterminate (killed mid-operation); ` +
      `service: ${report.operations.applied} applied, ${report.operations.rejected} rejected`,
    report.compaction
      ? `compaction: every 1 s, after 1 s, floor at 2 s; the log's floor ended at version ${report.compaction.floor} of ${report.compaction.head}; ${report.compaction.resets} till reset${report.compaction.resets === 1 ? '' : 's'} (downloaded again)`
      : 'compaction: off',
    `back office: ${report.backOffice.ok} ok, ${report.backOffice.refused} refused, ${report.backOffice.unknown} of unknown outcome` +
      (report.backOffice.serverErrors > 0 ? ` (${report.backOffice.serverErrors} answered 5xx by the service — see service*.log)` : ''),
    '',
    ...report.checks.flatMap((check) => [`${check.status.padEnd(4)} ${check.name}: ${check.summary}`, ...check.details.map((detail) => `       ${detail}`)]),
    '',
  ];
  const failed = report.checks.filter((check) => check.status === 'FAIL').map((check) => check.name);
  const replay = `npm run sim -- --seed ${options.seed} --terminals ${options.terminals} --duration ${options.durationS} --server ${options.server}${options.instances > 1 ? ` --instances ${options.instances}` : ''} --protocol ${options.protocol}${options.faults ? '' : ' --no-faults'}${options.compaction ? ' --compaction' : ''}${disastersOption(options)}`;
  lines.push(failed.length === 0 ? `seed ${options.seed}: every checker passed` : `seed ${options.seed}: FAILED ${failed.join(', ')} — replay with: ${replay}; files kept in ${report.directory}`);
  return lines.join('\n');
}

function disastersOption(options: SimReport['options']): string {
  const kinds = options.disasters ?? [];
  if (kinds.length === 0) return '';
  return ` --disasters ${kinds.length === DISASTER_KINDS.length ? 'all' : kinds.join(',')}${options.restoreMethod ? ` --restore ${options.restoreMethod}` : ''}`;
}

async function main(): Promise<number> {
  let options: Omit<SimOptions, 'log'>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const report = await runSimulation({ ...options, log: (line) => console.log(line) });
  console.log(formatReport(report));
  return report.passed ? 0 : 1;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('the simulation itself failed:', error);
      process.exit(2);
    },
  );
}
