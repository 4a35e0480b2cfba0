/**
 * A chat model behind an OpenAI-compatible HTTP API: `POST {base}/chat/completions` with `stream: true`, answered
 * as server-sent events (`data: {json}` lines, `data: [DONE]` at the end). Works with OpenAI itself and with the
 * many servers that speak the same protocol (local or hosted). The API key travels only in the request's
 * Authorization header: no error, log line or response ever carries it, nor the provider's own error text.
 */
import type { ChatModel, ChatTurn } from './model.js';
import type { AiProviderConfig } from '../config.js';

/** The provider failed: unreachable, a non-2xx status, or a malformed stream. The message is safe to log. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

interface CompletionChunk {
  choices?: { delta?: { content?: unknown } }[];
  error?: unknown;
}

/** Splits a byte stream into lines (LF or CRLF), decoding UTF-8 across chunk boundaries. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(bytes, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      yield buffered.slice(0, newline).replace(/\r$/, '');
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
  }
  buffered += decoder.decode();
  if (buffered !== '') yield buffered;
}

/** The text pieces of an SSE completion stream. */
async function* contentOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  for await (const line of lines(body)) {
    if (!line.startsWith('data:')) continue; // comments, event names, keep-alives, blank separators
    const data = line.slice('data:'.length).trim();
    if (data === '[DONE]') return;
    let chunk: CompletionChunk;
    try {
      chunk = JSON.parse(data) as CompletionChunk;
    } catch {
      throw new ProviderError('the provider sent a malformed stream');
    }
    if (chunk.error !== undefined) throw new ProviderError('the provider reported an error in the stream');
    const content = chunk.choices?.[0]?.delta?.content;
    if (typeof content === 'string' && content !== '') yield content;
  }
}

export function openAiCompatibleModel(config: AiProviderConfig): ChatModel {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async *stream(turns: readonly ChatTurn[], signal: AbortSignal) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
      if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ model: config.model, messages: turns, stream: true }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs)]),
        });
      } catch {
        throw new ProviderError('the provider could not be reached');
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        throw new ProviderError(`the provider answered ${response.status}`);
      }
      // A reader that stops early (the client left) returns this generator, which cancels the body it reads.
      try {
        yield* contentOf(response.body);
      } catch (error) {
        throw error instanceof ProviderError ? error : new ProviderError('the provider stream failed');
      }
    },
  };
}
