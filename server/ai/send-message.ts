/**
 * AiChatController_sendMessage as a streaming operation: the conversation logic of server/ai/conversation.ts with the model
 * this server is configured with (AI_BASE_URL, AI_MODEL, AI_API_KEY) and the reporting-query safeguards.
 * Unconfigured, it answers 503 before touching anything.
 */
import type { FastifyBaseLogger } from 'fastify';
import { OperationError } from '../../shared/errors.js';
import { answerQuestion } from './conversation.js';
import type { ChatModel, ReportingQueries } from './model.js';
import type { AiChatMessageDto } from '../../shared/catalogue/ai-chat.js';
import type { StreamingHandler } from '../routes.js';
import type { Config } from '../config.js';
import { openAiCompatibleModel } from './openai-compatible.js';
import { reportingQueries } from './reporting.js';

export const AI_NOT_CONFIGURED = 'The AI assistant is not configured on this server (AI_BASE_URL and AI_MODEL are not set)';

/**
 * The model, with its failures logged for the operator: the client only learns that the AI service failed,
 * the log says how (unreachable, which status). Messages of ours only, so never the key or the provider's text.
 */
function logged(model: ChatModel, log: FastifyBaseLogger): ChatModel {
  return {
    async *stream(turns, signal) {
      try {
        yield* model.stream(turns, signal);
      } catch (error) {
        if (!signal.aborted) log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'AI provider failed');
        throw error;
      }
    },
  };
}

export interface AiChatOptions {
  /** Defaults to the configured OpenAI-compatible provider. */
  readonly model?: ChatModel;
  /** Defaults to the real reporting-query safeguards on the service's database. */
  readonly reporting?: ReportingQueries;
  readonly log?: FastifyBaseLogger;
}

export function aiChatStreamingHandlers(config: Config, options: AiChatOptions = {}): StreamingHandler[] {
  const configured = options.model ?? (config.ai ? openAiCompatibleModel(config.ai) : undefined);
  const model = configured && options.log ? logged(configured, options.log) : configured;
  return [
    {
      operationId: 'AiChatController_sendMessage',
      async open(services, input, ctx, signal) {
        if (!model) throw new OperationError(503, AI_NOT_CONFIGURED);
        const reporting = options.reporting ?? reportingQueries(services.db);
        const chunks = await answerQuestion({ store: services, model, reporting }, ctx, input.body as AiChatMessageDto, signal);
        // The reference answered 200 (it wrote the response itself), not the 201 of other POSTs.
        return { status: 200, contentType: 'text/plain; charset=utf-8', chunks };
      },
    },
  ];
}
