// The provider contract: one small interface every adapter implements. Nothing outside an
// adapter file imports a vendor SDK.

import type { Usage } from '../usage.js';

export type { Usage };

export const PROVIDER_IDS = ['anthropic', 'openai', 'gemini', 'command', 'fixture'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const TIERS = ['cheap', 'mid', 'frontier'] as const;
export type Tier = (typeof TIERS)[number];

export interface GenerateRequest {
  prompt: string;
  system?: string;
  model: string;
  temperature?: number;
  maxTokens: number;
  signal: AbortSignal;
  /** For the `command` provider: the shell command to run (defaults to ADLC_COMMAND). */
  command?: string;
}


export interface GenerateResult {
  text: string;
  usage: Usage;
  /** The model that answered, as the provider reports it. */
  model: string;
  finishReason: string;
  /** The answer stopped at its token limit (Anthropic max_tokens, OpenAI length, Gemini MAX_TOKENS): the text is cut off. */
  truncated: boolean;
}

export interface Provider {
  readonly id: ProviderId;
  generate(request: GenerateRequest): Promise<GenerateResult>;
}

export interface ProviderContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export type ProviderFactory = (context: ProviderContext) => Promise<Provider>;
