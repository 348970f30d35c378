import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_BYTES, parseCandidate, validateCandidate, type ResolvePath } from '../src/candidates/candidate.js';
import { candidateLine } from '../src/output/report.js';

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

describe('replace answers (edits)', () => {
  const originals = new Map<string, string | null>([['src/a.js', 'let x = 1;\nlet y = 1;\n'], ['src/b.js', null]]);
  const edits = (file: string, ...pairs: Array<[string, string]>) => ({ changes: [{ file, edits: pairs.map(([search, replace]) => ({ search, replace })) }] });
  const check = (answer: ReturnType<typeof edits>, sliced?: Map<string, string>) => validateCandidate(answer, allowed, resolve, { originals, ...(sliced ? { sliced } : {}) });

  it('parses edits, and refuses a change with both content and edits, or neither', () => {
    expect(parseCandidate('{"changes":[{"file":"a.js","edits":[{"search":"a","replace":"b"}]}]}')).toEqual({ ok: true, answer: { changes: [{ file: 'a.js', edits: [{ search: 'a', replace: 'b' }] }] } });
    for (const text of [
      '{"changes":[{"file":"a.js","content":"x","edits":[{"search":"a","replace":"b"}]}]}',
      '{"changes":[{"file":"a.js"}]}',
      '{"changes":[{"file":"a.js","edits":[]}]}',
      '{"changes":[{"file":"a.js","edits":[{"search":"a"}]}]}',
    ]) {
      expect(parseCandidate(text)).toMatchObject({ ok: false, discard: { reason: 'invalid-json' } });
    }
  });

  it('ends as the whole new file, like a whole answer', () => {
    expect(check(edits('src/a.js', ['let x = 1;', 'let x = 2;']))).toEqual({ ok: true, changes: [{ file: 'src/a.js', content: 'let x = 2;\nlet y = 1;\n' }] });
    expect(check(edits('src/b.js', ['', 'export {};\n']))).toEqual({ ok: true, changes: [{ file: 'src/b.js', content: 'export {};\n' }] });
  });

  it.each([
    ['not found', edits('src/a.js', ['let x = 1;', 'let x = 2;'], ['let z = 1;', '']), { reason: 'edit: not found', file: 'src/a.js', editIndex: 1 }, /edits\[1\] of src\/a\.js: .*not in the file/],
    ['ambiguous', edits('src/a.js', [' = 1;', ' = 2;']), { reason: 'edit: ambiguous', file: 'src/a.js', editIndex: 0 }, /edits\[0\] of src\/a\.js: .*found more than once/],
  ] as const)('an edit that does not apply: %s, naming the file and the edit', (_name, answer, discard, message) => {
    const result = check(answer);
    expect(result).toMatchObject({ ok: false, discard });
    expect(result.ok ? '' : result.discard.message).toMatch(message);
  });

  it.each([
    ['not found', edits('src/a.js', ['let z = 1;', ''])],
    ['ambiguous', edits('src/a.js', [' = 1;', ' = 2;'])],
  ] as const)('the report line of an edit that does not apply says "%s" once', (kind, answer) => {
    const result = check(answer);
    if (result.ok) throw new Error('expected a discard');
    const line = candidateLine({ index: 0, provider: 'openai', model: 'm', status: 'discarded', discard: result.discard }, new Map());
    expect(line.split(kind)).toHaveLength(2);
  });

  it.each([
    ['a path outside the repository', edits('../outside.js', ['', 'x']), 'path-escape'],
    ['a path climbing out and back', edits('src/../../x/src/a.js', ['let x = 1;', 'y']), 'path-escape'],
    ['an absolute path', edits('/etc/passwd', ['root', 'x']), 'absolute-path'],
    ['a test file', edits('test/a.test.js', ['assert', 'skip']), 'outside-files'],
    ['a symlink out', edits('link/a.js', ['', 'x']), 'symlink-escape'],
    ['a replace text over 5 MB', edits('src/a.js', ['let x = 1;', 'x'.repeat(MAX_CONTENT_BYTES)]), 'too-large'],
    ['a NUL byte in the replace text', edits('src/a.js', ['let x = 1;', 'let x = "\0";']), 'binary'],
  ] as const)('hostile: %s -> %s', (_name, answer, reason) => {
    expect(check(answer)).toMatchObject({ ok: false, discard: { reason } });
  });

  it('a whole content for a file the prompt showed in slices is refused; for a file shown whole it is taken', () => {
    const sliced = new Map([['src/a.js', '1-2']]);
    const whole = { changes: [{ file: 'src/a.js', content: 'let x = 2;\n' }] };
    expect(validateCandidate(whole, allowed, resolve, { originals, sliced })).toMatchObject({ ok: false, discard: { reason: 'sliced-file-content', file: 'src/a.js' } });
    expect(validateCandidate(whole, allowed, resolve, { originals })).toEqual({ ok: true, changes: [{ file: 'src/a.js', content: 'let x = 2;\n' }] });
  });
});
