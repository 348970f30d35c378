import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { complete, prewarmProviders } from '../src/complete.js';
import { fan } from '../src/fan.js';
import { OpError, ProviderError } from '../src/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'adlc-providers-'));
const upper = `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>process.stdout.write(s.toUpperCase()))"`;

describe('command provider', () => {
  it('sends the prompt on stdin and reads the answer from stdout', async () => {
    const result = await complete('hello there', { env: { ADLC_PROVIDER: 'command', ADLC_COMMAND: upper }, cwd: dir });
    expect(result.text).toBe('HELLO THERE');
    expect(result.provider).toBe('command');
    // A CLI reports no tokens: four characters a token, marked as an estimate.
    expect(result.usage).toStrictEqual({ inputTokens: 3, outputTokens: 3, estimated: true });
  });

  it('takes a per-call command over ADLC_COMMAND', async () => {
    const result = await complete('abc', {
      env: { ADLC_PROVIDER: 'command', ADLC_COMMAND: 'echo default' },
      command: upper,
      cwd: dir,
    });
    expect(result.text).toBe('ABC');
  });

  it('runs a per-call command without ADLC_COMMAND', async () => {
    const result = await complete('xyz', { provider: 'command', command: upper, env: {}, cwd: dir });
    expect(result.text).toBe('XYZ');
  });

  it('still refuses the command provider with neither ADLC_COMMAND nor a per-call command', async () => {
    const error = await complete('x', { provider: 'command', env: {}, cwd: dir }).catch((e: unknown) => e);
    expect(OpError.isInstance(error)).toBe(true);
  });

  it('prewarmProviders loads a provider ahead of the call and swallows a configuration failure', async () => {
    const env = { ADLC_PROVIDER: 'command', ADLC_COMMAND: upper };
    prewarmProviders(['command', 'anthropic'], { env, cwd: dir });
    const result = await complete('warm', { env, cwd: dir });
    expect(result.text).toBe('WARM');
  });

  it('prewarmProviders settles (never rejects) once every provider has loaded or failed', async () => {
    const env = { ADLC_PROVIDER: 'command', ADLC_COMMAND: upper };
    // anthropic without a key fails to load; the promise still resolves, for the calls to go out together.
    await expect(prewarmProviders(['command', 'anthropic', 'command'], { env, cwd: dir })).resolves.toBeUndefined();
    expect((await complete('ready', { env, cwd: dir })).text).toBe('READY');
  });

  it('reports a failing command with its exit status and stderr', async () => {
    const error = (await complete('x', {
      env: { ADLC_PROVIDER: 'command', ADLC_COMMAND: 'echo "quota exceeded" >&2; exit 3' },
      cwd: dir,
    }).catch((e: unknown) => e)) as ProviderError;
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe('exit 3');
    expect(error.message).toContain('quota exceeded');
  });

  it('kills a command that outlives the timeout', async () => {
    const error = (await complete('x', {
      env: { ADLC_PROVIDER: 'command', ADLC_COMMAND: 'sleep 30' },
      cwd: dir,
      timeoutMs: 300,
    }).catch((e: unknown) => e)) as ProviderError;
    expect(error.status).toBe('timeout');
  });
});

describe('fixture provider', () => {
  const write = (name: string, lines: unknown[]) => {
    const path = join(dir, name);
    writeFileSync(path, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    return path;
  };

  it('answers in file order, honours match, and cycles when used up', async () => {
    const path = write('a.jsonl', ['first', { match: 'judge', text: '{"match": true}' }, { text: 'second' }]);
    const env = { ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: path };
    const texts = [];
    for (const prompt of ['fix it', 'fix it', 'you are a judge', 'fix it', 'judge again']) {
      texts.push((await complete(prompt, { env, cwd: dir })).text);
    }
    expect(texts).toEqual(['first', 'second', '{"match": true}', 'first', '{"match": true}']);
  });

  it('marks its usage as an estimate', async () => {
    const path = write('usage.jsonl', ['an answer of 24 letters.']);
    const result = await complete('twelve chars', { env: { ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: path }, cwd: dir });
    expect(result.usage).toStrictEqual({ inputTokens: 3, outputTokens: 6, estimated: true });
  });

  it('plays an answer cut off at its token limit as truncated', async () => {
    const path = write('cut.jsonl', [{ text: '{"changes": [', truncated: true }, 'whole']);
    const env = { ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: path };
    expect(await complete('p', { env, cwd: dir })).toMatchObject({ text: '{"changes": [', truncated: true, finishReason: 'max_tokens' });
    expect(await complete('p', { env, cwd: dir })).toMatchObject({ text: 'whole', truncated: false });
  });

  it('gives fan slots their answers in slot order', async () => {
    const path = write('b.jsonl', ['zero', 'one', 'two']);
    const results = await fan(3, 'p', { env: { ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: path }, cwd: dir });
    expect(results.map((r) => (r.ok ? r.completion.text : 'failed'))).toEqual(['zero', 'one', 'two']);
  });

  it('plays scripted errors, retried like real ones', async () => {
    const path = write('c.jsonl', [{ error: { status: 500, message: 'boom' } }, 'recovered']);
    const result = await complete('p', { env: { ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: path, ADLC_RETRY_BASE_MS: '1' }, cwd: dir });
    expect(result.text).toBe('recovered');
    expect(result.attempts).toBe(2);
  });

  it('rejects a malformed fixture file with its line number', async () => {
    const path = join(dir, 'bad.jsonl');
    writeFileSync(path, '"ok"\n{not json}\n');
    const error = await complete('p', { env: { ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: path }, cwd: dir }).catch((e: unknown) => e);
    expect(OpError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/bad.jsonl:2: not valid JSON/);
  });
});
