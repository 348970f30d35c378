// Anthropic Messages API through the official SDK. Retries are ours (complete.ts), so the SDK's are off.

import type { Provider, ProviderContext } from './types.js';
import { apiKeyFor } from './detect.js';
import { toProviderError } from './errors.js';

export async function createAnthropicProvider(ctx: ProviderContext): Promise<Provider> {
  const { default: Anthropic } = await import('@anthropic-ai/sdk');
  const client = new Anthropic({
    apiKey: apiKeyFor('anthropic', ctx.env) ?? '',
    baseURL: ctx.env.ANTHROPIC_BASE_URL?.trim() || undefined,
    maxRetries: 0,
    // An explicit timeout also stops the SDK refusing large non-streaming max_tokens; the real
    // bound is the AbortSignal from complete().
    timeout: 30 * 60 * 1000,
  });
  return {
    id: 'anthropic',
    async generate(req) {
      try {
        const response = await client.messages.create(
          {
            model: req.model,
            max_tokens: req.maxTokens,
            ...(req.system ? { system: req.system } : {}),
            ...(req.temperature === undefined ? {} : { temperature: req.temperature }),
            messages: [{ role: 'user', content: req.prompt }],
          },
          { signal: req.signal },
        );
        const text = response.content
          .map((block) => (block.type === 'text' ? block.text : ''))
          .join('');
        return {
          text,
          model: response.model,
          finishReason: response.stop_reason ?? 'unknown',
          truncated: response.stop_reason === 'max_tokens',
          usage: { inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens },
        };
      } catch (error) {
        throw toProviderError('anthropic', req.model, error, ctx.env);
      }
    },
  };
}
