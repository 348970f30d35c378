// OpenAI Chat Completions through the official SDK; also serves OpenAI-compatible local servers
// (Ollama, vLLM, LM Studio) through OPENAI_BASE_URL.

import type { Provider, ProviderContext } from './types.js';
import { apiKeyFor } from './detect.js';
import { toProviderError } from './errors.js';

/** Reasoning models reject a non-default temperature and the legacy max_tokens field. */
export function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5)/i.test(model);
}

export async function createOpenAIProvider(ctx: ProviderContext): Promise<Provider> {
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({
    apiKey: apiKeyFor('openai', ctx.env) ?? '',
    baseURL: ctx.env.OPENAI_BASE_URL?.trim() || undefined,
    maxRetries: 0,
    timeout: 30 * 60 * 1000,
  });
  return {
    id: 'openai',
    async generate(req) {
      const reasoning = isReasoningModel(req.model);
      try {
        const response = await client.chat.completions.create(
          {
            model: req.model,
            messages: [
              ...(req.system ? [{ role: 'system' as const, content: req.system }] : []),
              { role: 'user' as const, content: req.prompt },
            ],
            ...(reasoning
              ? { max_completion_tokens: req.maxTokens }
              : { max_tokens: req.maxTokens, ...(req.temperature === undefined ? {} : { temperature: req.temperature }) }),
          },
          { signal: req.signal },
        );
        const choice = response.choices[0];
        return {
          text: choice?.message?.content ?? '',
          model: response.model ?? req.model,
          finishReason: choice?.finish_reason ?? 'unknown',
          truncated: choice?.finish_reason === 'length',
          usage: {
            inputTokens: response.usage?.prompt_tokens ?? 0,
            outputTokens: response.usage?.completion_tokens ?? 0,
          },
        };
      } catch (error) {
        throw toProviderError('openai', req.model, error, ctx.env);
      }
    },
  };
}
