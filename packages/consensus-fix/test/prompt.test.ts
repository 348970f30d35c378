import { describe, expect, it } from 'vitest';
import { buildPrompt, OUTPUT_TAIL_CHARS } from '../src/prompt.js';

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
