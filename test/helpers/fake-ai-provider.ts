/**
 * A fake OpenAI-compatible provider served locally over HTTP (node:http): `POST /v1/chat/completions` answers
 * scripted completions as server-sent events, one `data:` line per piece, like the real thing. It records every
 * request (headers and body) so tests can check what the service sent, and whether the service hung up early.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedAnswer {
  /** The pieces of the answer, each sent as its own SSE event (and its own network write). */
  readonly pieces?: readonly string[];
  /** Answer with this status and an error body instead (the body holds a fake secret-looking text). */
  readonly status?: number;
  /** Wait for this before sending the pieces after the first. */
  readonly holdAfterFirst?: Promise<void>;
  /** Drop the connection after the pieces, without ending the stream properly. */
  readonly breakAfterPieces?: boolean;
}

export interface RecordedRequest {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
  /** True when the service closed the connection before the answer was complete. */
  abandoned: boolean;
}

export interface FakeProvider {
  /** The base URL to configure as AI_BASE_URL. */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Queues answers, used one per request in order; with none queued the provider answers "Nothing scripted.". */
  script(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

const event = (content: string) => `data: ${JSON.stringify({ id: 'fake', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const queue: ScriptedAnswer[] = [];
  const requests: RecordedRequest[] = [];

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    const recorded: RecordedRequest = { path: request.url, headers: request.headers, body: JSON.parse(raw), abandoned: false };
    requests.push(recorded);
    response.on('close', () => {
      if (!response.writableFinished) recorded.abandoned = true;
    });
    const scripted = queue.shift() ?? { pieces: ['Nothing scripted.'] };
    if (scripted.status) {
      response.writeHead(scripted.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'upstream exploded: internal key sk-upstream-detail' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(': keep-alive comment\n\n');
    const pieces = scripted.pieces ?? [];
    for (const [index, piece] of pieces.entries()) {
      if (index === 1 && scripted.holdAfterFirst) await scripted.holdAfterFirst;
      if (response.destroyed) return;
      response.write(event(piece));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (scripted.breakAfterPieces) {
      response.destroy();
      return;
    }
    response.end('data: [DONE]\n\n');
  }

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...answers) => void queue.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
