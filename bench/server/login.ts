/**
 * `npx tsx bench/server/login.ts [--engines sqlite,postgres] [--logins 40] [--concurrency 4] [--refused 500]`
 *
 * The login path with its rate limit (issue 19 moved the limit's windows from process memory into the database:
 * one upsert per attempt). In-process, through Fastify inject, on a fresh database per engine: a business is
 * registered, then `--logins` logins with the right password run `--concurrency` at a time (each from its own
 * client address, as a shop's tills would be, so the limit never refuses one). Prints per engine the p50 and p99
 * of one login and logins per second. The password hash (scrypt) dominates a login, so it also times `--refused`
 * login attempts without a password, one at a time: each passes the rate limit (the counted hit) and is then refused
 * by validation (400) before any hashing — the rate limit's own cost through the whole HTTP path.
 */
import { parseArgs } from 'node:util';
import type { Engine } from '../../db/connect.js';
import { buildServer } from '../../server/app.js';
import { freshDatabase } from '../../test/helpers/databases.js';
import { TEST_CONFIG } from '../../test/helpers/server.js';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    logins: { type: 'string', default: '40' },
    concurrency: { type: 'string', default: '4' },
    refused: { type: 'string', default: '500' },
  },
});
const LOGINS = Number(values.logins);
const CONCURRENCY = Number(values.concurrency);
const REFUSED = Number(values.refused);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

async function run(engine: Engine): Promise<void> {
  const database = await freshDatabase(engine, engine === 'sqlite' ? { sqliteFile: true } : {});
  const { app } = await buildServer(
    { ...TEST_CONFIG, logLevel: 'warn', rateLimits: { loginPerMinute: 1_000_000, registrationsPerHour: 1_000_000 } },
    database,
  );
  try {
    const credentials = { login: 'bench-owner', password: 'correct horse battery' };
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...credentials, businessName: 'Bench', name: 'Owner' },
    });
    if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
    const login = async (index: number) => {
      const started = performance.now();
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: credentials,
        remoteAddress: `10.1.${(index >> 8) & 255}.${index & 255}`,
      });
      if (answer.statusCode !== 201) throw new Error(`login: ${answer.statusCode} ${answer.body}`);
      return performance.now() - started;
    };
    const refused: number[] = [];
    for (let index = 0; index < REFUSED + 20; index += 1) {
      const started = performance.now();
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { login: `someone-${index}` },
        remoteAddress: `10.2.${(index >> 8) & 255}.${index & 255}`,
      });
      if (answer.statusCode !== 400) throw new Error(`refused login: ${answer.statusCode} ${answer.body}`);
      if (index >= 20) refused.push(performance.now() - started);
    }
    refused.sort((x, y) => x - y);
    console.log(
      `${engine.padEnd(8)} refused before hashing ${REFUSED} one at a time: p50 ${percentile(refused, 50).toFixed(2)} ms, p99 ${percentile(refused, 99).toFixed(2)} ms`,
    );
    for (let warm = 0; warm < 4; warm += 1) await login(60_000 + warm);
    const times: number[] = [];
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < LOGINS) times.push(await login(next++));
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    times.sort((x, y) => x - y);
    console.log(
      `${engine.padEnd(8)} logins ${LOGINS} at ${CONCURRENCY} concurrent: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, ${(LOGINS / seconds).toFixed(0)} logins/s`,
    );
  } finally {
    await app.close();
    await database.dispose();
  }
}

for (const engine of values.engines.split(',') as Engine[]) await run(engine);
