import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractJson } from '../src/json.js';
import { JsonExtractError } from '../src/errors.js';

const Changes = z.object({ changes: z.array(z.object({ file: z.string(), content: z.string() })) });

function failure(text: string, schema?: z.ZodType): JsonExtractError {
  try {
    extractJson(text, schema);
  } catch (error) {
    if (JsonExtractError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected extractJson to fail');
}

describe('extractJson', () => {
  it.each([
    ['raw object', '{"a": 1}', { a: 1 }],
    ['raw array', '  [1, 2]  ', [1, 2]],
    ['fenced json', 'Here you go:\n```json\n{"a": {"b": [1, "}"]}}\n```\nDone.', { a: { b: [1, '}'] } }],
    ['fence without a language', '```\n{"x": true}\n```', { x: true }],
    ['prose-wrapped', 'Sure! The fix is {"file": "a.js", "n": 2} as requested.', { file: 'a.js', n: 2 }],
    ['nested braces in strings', 'x {"code": "function f() { return {a: [1]}; }"} y', { code: 'function f() { return {a: [1]}; }' }],
    ['escaped quotes', '{"s": "say \\"hi\\" {"}', { s: 'say "hi" {' }],
    ['first of two values', '{"first": 1} and {"second": 2}', { first: 1 }],
  ])('%s', (_name, text, expected) => {
    expect(extractJson(text)).toEqual(expected);
  });

  it('returns the first value that satisfies the schema', () => {
    const text = 'Example: {"changes": "..."}. Real answer:\n```json\n{"changes": [{"file": "a.js", "content": "x"}]}\n```';
    expect(extractJson(text, Changes)).toEqual({ changes: [{ file: 'a.js', content: 'x' }] });
  });

  it('says when there is no JSON at all', () => {
    const error = failure('I could not find the bug, sorry.');
    expect(error.reason).toBe('no-json');
    expect(error.message).toMatch(/no JSON/);
  });

  it('gives the position of invalid JSON', () => {
    const error = failure('answer: {"a": 1,, "b": 2}');
    expect(error.reason).toBe('invalid-json');
    expect(error.position).toBeGreaterThanOrEqual(8);
    expect(error.message).toMatch(/invalid JSON at position \d+/);
  });

  it('reports an unbalanced (truncated) answer as invalid JSON', () => {
    const error = failure('{"changes": [{"file": "a.js", "content": "function');
    expect(error.reason).toBe('invalid-json');
  });

  it('names the schema path that failed', () => {
    const error = failure('{"changes": [{"file": "a.js"}]}', Changes);
    expect(error.reason).toBe('schema');
    expect(error.issues[0]?.path).toBe('changes.0.content');
    expect(error.message).toContain('changes.0.content');
  });

  it('stays fast on a huge truncated answer', () => {
    const text = `{"changes": [{"file": "a.js", "content": "${'{ x: [1] } '.repeat(200_000)}`;
    const error = failure(text, Changes);
    expect(['invalid-json', 'no-json']).toContain(error.reason);
  });
});
