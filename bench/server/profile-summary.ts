/**
 * Where a service process's CPU went, from a V8 CPU profile: its busy time (not idle, not module loading) split
 * into the parts BENCHMARKS.md reasons about — the capture consumer, socket writes, the pg driver, kysely, HTTP and
 * Fastify, validation, Kassa's own operation code, garbage collection — and the heaviest functions.
 *
 *   BENCH_SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npx tsx bench/server/run.ts --engines postgres --only order
 *   npx tsx bench/server/profile-summary.ts /tmp/prof/CPU.….cpuprofile [--requests 1130] [--top 20]
 *
 * `--requests`: how many requests the run served (req/s × seconds), to print milliseconds per request.
 *
 * A sample counts for the capture consumer when any frame of its stack is in server/capture/ (its socket writes
 * included). Samples in `writev` are not all CPU: V8 samples on wall time, and a process that wakes PostgreSQL's
 * backend with a write is often descheduled inside the call (BENCHMARKS.md: /proc shows far less system time than
 * the profile's writev share). Read that line as "time around socket writes".
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const IDLE = 'idle';
const STARTUP = 'startup (module loading)';

/** The part of the process a sample's stack belongs to; first match wins. */
function categoryOf(stack: readonly CallFrame[]): string {
  const leaf = stack[0]!;
  if (leaf.functionName === '(idle)') return IDLE;
  if (stack.some((frame) => /\/tsx\/|\/esbuild\/|modules\/esm|modules\/cjs/.test(frame.url))) return STARTUP;
  if (stack.some((frame) => frame.url.includes('/server/capture/'))) return 'capture consumer (decode, render, log write)';
  if (leaf.functionName === '(garbage collector)') return 'garbage collector';
  if (['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String'].includes(leaf.functionName)) return 'socket writes (see above)';
  const url = leaf.url;
  if (/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//.test(url)) return 'pg driver (protocol, parse, serialize)';
  if (/node_modules\/kysely\//.test(url)) return 'kysely (query building, compiling)';
  if (/node_modules\/(fastify|find-my-way|secure-json-parse|avvio|@fastify\/[a-z-]+)\/|node:_http|node:net|stream_base|streams\//.test(url)) {
    return 'HTTP, Fastify, streams';
  }
  if (/node_modules\/zod\/|\/shared\/validation/.test(url)) return 'validation (zod)';
  if (/node_modules\/(pino|prom-client|sonic-boom)\//.test(url)) return 'logging, metrics';
  if (/\/(app|db|shared)\//.test(url) && !url.includes('node_modules')) return 'Kassa operations (app, db, shared)';
  if (/\/server\//.test(url) && !url.includes('node_modules')) return 'Kassa service (routes, pipeline, auth)';
  if (leaf.functionName === '(program)') return 'V8 (program)';
  if (url === '') return 'native (JSON, crypto, buffers, other)';
  return 'Node internals (other)';
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { requests: { type: 'string' }, top: { type: 'string', default: '15' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: npx tsx bench/server/profile-summary.ts <file.cpuprofile> [--requests N] [--top N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

const byCategory = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const stack: CallFrame[] = [];
  for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) stack.push(nodes.get(current)!.callFrame);
  const category = categoryOf(stack);
  byCategory.set(category, (byCategory.get(category) ?? 0) + micros);
  if (category === IDLE || category === STARTUP) continue;
  const leaf = stack[0]!;
  const name = `${leaf.functionName || '(anonymous)'} ${leaf.url.replace(/^.*\/(node_modules|server|app|db|shared)\//, '$1/')}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}

const total = [...byCategory.values()].reduce((sum, micros) => sum + micros, 0);
const busy = total - (byCategory.get(IDLE) ?? 0) - (byCategory.get(STARTUP) ?? 0);
const requests = values.requests ? Number(values.requests) : null;
const perRequest = (micros: number) => (requests ? `  ${(micros / 1000 / requests).toFixed(2).padStart(5)} ms/request` : '');
const line = (micros: number, label: string) =>
  `${((100 * micros) / busy).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(6)} ms${perRequest(micros)}  ${label}`;

console.log(`${file}: ${(total / 1e6).toFixed(2)} s profiled, ${(busy / 1e6).toFixed(2)} s busy (idle and module loading left out)`);
console.log(line(busy, 'busy, in all'));
for (const [category, micros] of [...byCategory].sort((a, b) => b[1] - a[1])) {
  if (category !== IDLE && category !== STARTUP) console.log(line(micros, category));
}
console.log('\nheaviest functions (self time):');
for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(line(micros, name));
