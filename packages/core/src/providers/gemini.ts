// Google Gemini through the maintained Google Gen AI SDK (@google/genai).

import type { Provider, ProviderContext } from './types.js';
import { apiKeyFor } from './detect.js';
import { toProviderError } from './errors.js';

export async function createGeminiProvider(ctx: ProviderContext): Promise<Provider> {
  const { GoogleGenAI } = await import('@google/genai');
  const baseUrl = ctx.env.GEMINI_BASE_URL?.trim() || ctx.env.GOOGLE_GEMINI_BASE_URL?.trim() || undefined;
  const ai = new GoogleGenAI({
    apiKey: apiKeyFor('gemini', ctx.env) ?? '',
    ...(baseUrl ? { httpOptions: { baseUrl } } : {}),
  });
  return {
    id: 'gemini',
    async generate(req) {
      try {
        const response = await ai.models.generateContent({
          model: req.model,
          contents: req.prompt,
          config: {
            ...(req.system ? { systemInstruction: req.system } : {}),
            ...(req.temperature === undefined ? {} : { temperature: req.temperature }),
            maxOutputTokens: req.maxTokens,
            abortSignal: req.signal,
          },
        });
        return {
          text: response.text ?? '',
          model: response.modelVersion ?? req.model,
          finishReason: String(response.candidates?.[0]?.finishReason ?? 'unknown'),
          truncated: response.candidates?.[0]?.finishReason === 'MAX_TOKENS',
          usage: {
            inputTokens: response.usageMetadata?.promptTokenCount ?? 0,
            outputTokens: response.usageMetadata?.candidatesTokenCount ?? 0,
          },
        };
      } catch (error) {
        throw toProviderError('gemini', req.model, error, ctx.env);
      }
    },
  };
}
