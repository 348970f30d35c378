import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_BYTES, parseCandidate, validateCandidate, type ResolvePath } from '../src/candidate.js';

describe('parseCandidate', () => {
  it('reads a fenced JSON answer with prose around it', () => {
    const parsed = parseCandidate('Here you go:\n```json\n{"changes":[{"file":"a.js","content":"x"}]}\n```\nDone.');
    expect(parsed).toEqual({ ok: true, answer: { changes: [{ file: 'a.js', content: 'x' }] } });
  });
  it.each([
    ['prose only', 'I would change line 3.'],
    ['broken JSON', '{"changes": [{"file": "a.js", "content": "x"'],
    ['wrong shape', '{"edits": []}'],
    ['no changes', '{"changes": []}'],
    ['content not a string', '{"changes": [{"file": "a.js", "content": 3}]}'],
  ])('discards %s as invalid-json', (_name, text) => {
    const parsed = parseCandidate(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.discard.reason).toBe('invalid-json');
      expect(parsed.discard.message.length).toBeGreaterThan(0);
    }
  });
});

// A resolver over a pretend tree: `link/` is a symlink that leaves the repository.
const resolve: ResolvePath = (file) => {
  const parts: string[] = [];
  for (const part of file.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return { ok: false, reason: 'escapes' };
      parts.pop();
    } else parts.push(part);
  }
  if (parts[0] === 'link') return { ok: false, reason: 'symlink-escape' };
  return { ok: true, rel: parts.join('/') };
};
const allowed = new Set(['src/a.js', 'src/b.js']);
const one = (file: string, content = 'x') => ({ changes: [{ file, content }] });

describe('validateCandidate', () => {
  it.each([
    ['src/a.js', null],
    ['./src/a.js', null],
    ['src/../src/a.js', null],
    ['test/a.test.js', 'outside-files'],
    ['../outside.js', 'path-escape'],
    ['src/../../outside.js', 'path-escape'],
    ['/etc/passwd', 'absolute-path'],
    ['C:\\Windows\\x', 'absolute-path'],
    ['link/a.js', 'symlink-escape'],
  ])('%s -> %s', (file, reason) => {
    const result = validateCandidate(one(file), allowed, resolve);
    if (reason === null) expect(result).toEqual({ ok: true, changes: [{ file: 'src/a.js', content: 'x' }] });
    else expect(result.ok ? null : result.discard.reason).toBe(reason);
  });

  it('refuses a file given twice, even spelled differently', () => {
    const result = validateCandidate({ changes: [{ file: 'src/a.js', content: '1' }, { file: './src/a.js', content: '2' }] }, allowed, resolve);
    expect(result.ok ? null : result.discard.reason).toBe('duplicate-file');
  });

  it('refuses binary and oversized content', () => {
    expect(validateCandidate(one('src/a.js', 'a\0b'), allowed, resolve)).toMatchObject({ ok: false, discard: { reason: 'binary' } });
    const big = 'x'.repeat(MAX_CONTENT_BYTES + 1);
    expect(validateCandidate(one('src/a.js', big), allowed, resolve)).toMatchObject({ ok: false, discard: { reason: 'too-large' } });
    expect(validateCandidate(one('src/a.js', 'x'.repeat(MAX_CONTENT_BYTES)), allowed, resolve).ok).toBe(true);
  });

  it('counts bytes, not characters, against the cap', () => {
    const multiByte = 'é'.repeat(MAX_CONTENT_BYTES / 2 + 1); // 2 bytes each
    expect(validateCandidate(one('src/a.js', multiByte), allowed, resolve)).toMatchObject({ ok: false, discard: { reason: 'too-large' } });
  });

  it('one bad change voids the whole candidate', () => {
    const result = validateCandidate({ changes: [{ file: 'src/a.js', content: 'ok' }, { file: '../x', content: 'evil' }] }, allowed, resolve);
    expect(result.ok).toBe(false);
  });
});
