/**
 * Several service instances on one PostgreSQL database, in this process (issue 19, "Several instances"): each has
 * its own connection pool, principal cache, throttle and chat gateway — everything an instance keeps to itself —
 * and shares only the database, as instances behind a load balancer do.
 */
import { openDatabase, postgresUrlOf } from '../../db/connect.js';
import { buildServer } from '../../server/app.js';
import type { Config } from '../../server/config.js';
import { startTestServer, TEST_CONFIG, testServerOver, type TestServer } from './server.js';

/** Starts `count` instances on one fresh PostgreSQL database; closing the first drops the database, so close it last. */
export async function startInstances(count: number, config: Partial<Config> = {}): Promise<TestServer[]> {
  const first = await startTestServer('postgres', config);
  const url = postgresUrlOf(first.database.db);
  if (!url) throw new Error('the first instance has no PostgreSQL URL');
  const instances = [first];
  for (let index = 1; index < count; index += 1) {
    const handle = openDatabase(url);
    const built = await buildServer({ ...TEST_CONFIG, ...config }, handle);
    instances.push(testServerOver(built, 'postgres', { ...handle, dispose: () => handle.close() }));
  }
  return instances;
}

/** Closes the instances, the one owning the database last. */
export async function closeInstances(instances: readonly TestServer[]): Promise<void> {
  for (const instance of [...instances].reverse()) await instance.close();
}
