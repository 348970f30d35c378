import { describe, expect, it } from 'vitest';
import { buildPrompt, OUTPUT_TAIL_CHARS, prototypeWriteNotes } from '../src/candidates/prompt.js';

describe('buildPrompt', () => {
  const output = `${'e'.repeat(10_000)}THE-END`;
  const prompt = buildPrompt({
    testCmd: 'node --test test/math.test.mjs',
    output,
    files: [
      { file: 'src/math.mjs', content: 'export const add = (a, b) => a - b;\n' },
      { file: 'src/new.mjs', content: null },
    ],
    rails: 'node --test',
  });

  it('holds the command, the last 4000 characters of output and every file', () => {
    expect(prompt).toContain('node --test test/math.test.mjs');
    expect(prompt).toContain('THE-END');
    expect(prompt).toContain('e'.repeat(OUTPUT_TAIL_CHARS - 'THE-END'.length));
    expect(prompt).not.toContain('e'.repeat(OUTPUT_TAIL_CHARS));
    expect(prompt).toContain('=== FILE: src/math.mjs ===\nexport const add = (a, b) => a - b;\n=== END FILE: src/math.mjs ===');
    expect(prompt).toContain('src/new.mjs (does not exist yet');
  });

  it('asks for {changes: [{file, content}]}', () => {
    expect(prompt).toContain('{"changes": [{"file":');
    expect(prompt).toContain('"content"');
  });
});

describe('what localization saw that the output does not show', () => {
  it('one line per name written onto Object.prototype: the write, then the calls that led to it', () => {
    const notes = prototypeWriteNotes([
      { file: 'lib/settings.js', evidence: { prototypeWrites: [{ key: 'polluted', line: 26, depth: 1 }] } },
      { file: 'lib/store.js', evidence: { prototypeWrites: [{ key: 'polluted', line: 8, depth: 0 }], ochiai: 3 } },
      { file: 'lib/other.js', evidence: { frames: [{ line: 3, depth: 0 }] } },
    ]);
    expect(notes).toEqual(['A value was written onto Object.prototype under the name "polluted" at lib/store.js:8 (called from lib/settings.js:26).']);
    expect(prototypeWriteNotes([{ file: 'lib/other.js', evidence: {} }])).toEqual([]);
  });

  it('goes between the output and the files, and only when there is something', () => {
    const base = { testCmd: 't', output: 'expected undefined', files: [{ file: 'lib/store.js', content: 'x\n' }] };
    const prompt = buildPrompt({ ...base, observed: ['A value was written onto Object.prototype under the name "p" at lib/store.js:8.'] });
    expect(prompt).toMatch(/OUTPUT>>>\n\nSeen while it ran \(not in its output\):\n- A value was written onto Object\.prototype under the name "p" at lib\/store\.js:8\.\n\nFiles you may change/);
    expect(buildPrompt(base)).not.toContain('Seen while it ran');
    expect(buildPrompt({ ...base, observed: [] })).toBe(buildPrompt(base));
  });
});
