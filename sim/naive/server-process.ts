/**
 * Runs the naive protocol's service side (./server.ts) as its own process — TEST-ONLY, started by the harness
 * for `--protocol naive`. SIM_NAIVE = {databaseUrl, businessId}; answers with its port over IPC.
 */
import { createServer } from 'node:http';
import { NaiveServer } from './server.js';

const config = JSON.parse(process.env.SIM_NAIVE ?? 'null') as { databaseUrl: string; businessId: string } | null;
if (!config) throw new Error('SIM_NAIVE is not set: this process is started by the simulation harness');
const naive = new NaiveServer(config.databaseUrl, config.businessId);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    naive.handle(req.url ?? '', Buffer.concat(chunks).toString('utf8')).then(
      (answer) => {
        if (!answer) return void res.writeHead(404).end();
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text);
      },
      (error: unknown) => {
        console.error('naive server:', error);
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 500, message: 'naive push failed' }));
      },
    );
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('disconnect', () => process.exit(0));
