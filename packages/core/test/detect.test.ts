import { describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, detectProvider, requireProvider, resolveModel, availableKeyProviders } from '../src/providers/detect.js';
import { OpError } from '../src/errors.js';

describe('detectProvider', () => {
  it.each([
    [{}, null],
    [{ ANTHROPIC_API_KEY: 'a' }, 'anthropic'],
    [{ OPENAI_API_KEY: 'o' }, 'openai'],
    [{ GEMINI_API_KEY: 'g' }, 'gemini'],
    [{ GOOGLE_API_KEY: 'g' }, 'gemini'],
    [{ OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a', GEMINI_API_KEY: 'g' }, 'anthropic'],
    [{ OPENAI_API_KEY: 'o', GEMINI_API_KEY: 'g' }, 'openai'],
    [{ ANTHROPIC_API_KEY: '   ', OPENAI_API_KEY: 'o' }, 'openai'],
    [{ ANTHROPIC_API_KEY: 'a', ADLC_PROVIDER: 'gemini' }, 'gemini'],
    [{ ADLC_PROVIDER: 'fixture' }, 'fixture'],
    [{ ADLC_PROVIDER: 'command' }, 'command'],
  ])('%j → %s', (env, expected) => {
    expect(detectProvider(env)).toBe(expected);
  });

  it('rejects an unknown ADLC_PROVIDER with the list of ids', () => {
    expect(() => detectProvider({ ADLC_PROVIDER: 'claude' })).toThrow(/ADLC_PROVIDER=claude is not a provider/);
  });

  it('lists every key provider in order', () => {
    expect(availableKeyProviders({ GEMINI_API_KEY: 'g', ANTHROPIC_API_KEY: 'a' })).toEqual(['anthropic', 'gemini']);
  });
});

describe('requireProvider', () => {
  it('names every variable to set when nothing is configured', () => {
    let error: unknown;
    try {
      requireProvider({});
    } catch (e) {
      error = e;
    }
    expect(OpError.isInstance(error)).toBe(true);
    for (const name of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'GEMINI_API_KEY', 'ADLC_PROVIDER', 'ADLC_COMMAND', 'ADLC_FIXTURE']) {
      expect((error as Error).message).toContain(name);
    }
  });

  it.each([
    [{ OPENAI_BASE_URL: 'http://localhost:11434/v1' }, 'OPENAI_BASE_URL is set but OPENAI_API_KEY is not'],
    [{ ANTHROPIC_BASE_URL: 'http://127.0.0.1:8080' }, 'ANTHROPIC_BASE_URL is set but ANTHROPIC_API_KEY is not'],
    [{ GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:8080' }, 'GOOGLE_GEMINI_BASE_URL is set but GEMINI_API_KEY is not'],
  ])('a base URL without its key (a local server, as for Ollama) says the key is still needed: %o', (env, said) => {
    expect(() => requireProvider(env)).toThrow(said);
    expect(() => requireProvider(env)).toThrow(/any value serves for a server that checks none/);
  });

  it('refuses a forced provider that lacks its settings', () => {
    expect(() => requireProvider({ ADLC_PROVIDER: 'openai' })).toThrow(/set OPENAI_API_KEY/);
    expect(() => requireProvider({ ADLC_PROVIDER: 'fixture' })).toThrow(/ADLC_FIXTURE/);
  });
});

describe('resolveModel', () => {
  it.each([
    ['cheap', 'anthropic', {}, DEFAULT_MODELS.anthropic.cheap],
    ['mid', 'openai', {}, DEFAULT_MODELS.openai.mid],
    ['frontier', 'gemini', {}, DEFAULT_MODELS.gemini.frontier],
    ['mid', 'anthropic', { ADLC_MODEL_MID: 'my-model' }, 'my-model'],
    ['cheap', 'openai', { ADLC_MODEL_MID: 'ignored' }, DEFAULT_MODELS.openai.cheap],
    ['frontier', 'openai', { ADLC_MODEL_FRONTIER: 'big' }, 'big'],
  ] as const)('%s on %s with %j → %s', (tier, provider, env, expected) => {
    expect(resolveModel(tier, provider, env)).toBe(expected);
  });

  it('uses the detected provider when none is given', () => {
    expect(resolveModel('mid', null, { OPENAI_API_KEY: 'x' })).toBe(DEFAULT_MODELS.openai.mid);
  });
});
