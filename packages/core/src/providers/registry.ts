// Exhaustive provider registry: adding an id to PROVIDER_IDS without an adapter fails to compile.
// Adapters are imported lazily so a CLI's start-up never pays for an SDK it does not use.

import type { ProviderFactory, ProviderId } from './types.js';

export const providerFactories = {
  anthropic: async (ctx) => (await import('./anthropic.js')).createAnthropicProvider(ctx),
  openai: async (ctx) => (await import('./openai.js')).createOpenAIProvider(ctx),
  gemini: async (ctx) => (await import('./gemini.js')).createGeminiProvider(ctx),
  command: async (ctx) => (await import('./command.js')).createCommandProvider(ctx),
  fixture: async (ctx) => (await import('./fixture.js')).createFixtureProvider(ctx),
} satisfies Record<ProviderId, ProviderFactory>;
