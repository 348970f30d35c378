import { describe, expect, it } from 'vitest';
import { redactSecrets, redactWithCount, secretRedactor } from '../src/redact.js';

describe('redactSecrets', () => {
  it('hides the values of key variables in the environment', () => {
    const env = { OPENAI_API_KEY: 'abcdefgh12345678', HOME: '/home/me' };
    expect(redactSecrets('key=abcdefgh12345678 home=/home/me', env)).toBe('key=[REDACTED] home=/home/me');
  });

  it.each([
    ['anthropic key', 'token sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA end'],
    ['openai key', 'sk-proj-abcdefghijklmnopqrstuvwxyz123456'],
    ['google key', `AIza${'A'.repeat(35)}`],
    ['github token', `ghp_${'a'.repeat(36)}`],
    ['aws key', 'AKIAABCDEFGHIJKLMNOP'],
    ['assigned secret', 'DB_PASSWORD=hunter2hunter2'],
    ['private key', '-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----'],
  ])('hides a %s', (_kind, text) => {
    const { text: out, count } = redactWithCount(text, {});
    expect(count).toBeGreaterThan(0);
    expect(out).toContain('REDACTED');
  });

  it('leaves ordinary code alone', () => {
    const code = 'const total = items.reduce((sum, item) => sum + item.price, 0);\nexport function skip() {}';
    expect(redactWithCount(code, {})).toEqual({ text: code, count: 0, kinds: {} });
  });

  it('counts a secret once when the text is redacted twice', () => {
    const once = redactWithCount('DB_PASSWORD=hunter2hunter2 and sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA', {});
    const twice = redactWithCount(once.text, {});
    expect(once.count).toBe(2);
    expect(twice).toEqual({ text: once.text, count: 0, kinds: {} });
  });

  it.each([
    ['DB_PASSWORD=hunter2hunter2', 'DB_PASSWORD=[REDACTED]'],
    ['export API_KEY="abcd1234efgh"', 'export API_KEY="[REDACTED]"'],
    ['{"api_key": "abcd1234efgh"}', '{"api_key": "[REDACTED]"}'],
    ["password: 'sup3rs3cretpw'", "password: '[REDACTED]'"],
    ['+  db_password: s3cretvalue99', '+  db_password: [REDACTED]'],
  ])('redacts an assigned secret: %s', (text, expected) => {
    expect(redactSecrets(text, {})).toBe(expected);
  });

  it.each([
    ['export const SECRET_PATTERNS: ReadonlyArray<{ name: string }> = [];'],
    ['// the secret: redacting twice must count once'],
    ['const API_KEY = process.env.API_KEY;'],
    ['const password = readPassword(prompt);'],
    ['  secretKeyName: string;'],
  ])('leaves code that only names a secret alone: %s', (code) => {
    expect(redactWithCount(code, {})).toEqual({ text: code, count: 0, kinds: {} });
  });
});

describe('secretRedactor', () => {
  it('redacts like redactSecrets, with the environment read once', () => {
    const env: NodeJS.ProcessEnv = { OPENAI_API_KEY: 'abcdefgh12345678' };
    const redact = secretRedactor(env);
    const text = 'key=abcdefgh12345678 DB_PASSWORD=hunter2hunter2';
    expect(redact(text)).toBe(redactSecrets(text, env));
    expect(redact(text)).toBe('key=[REDACTED] DB_PASSWORD=[REDACTED]');
  });
});
