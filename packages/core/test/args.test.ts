import { describe, expect, it } from 'vitest';
import { collect, createProgram, listArg, parseArgs } from '../src/index.js';

function parse(argv: string[]): { report?: string[]; files?: string[] } {
  const program = createProgram({ name: 't', description: 'test' })
    .option('--report <file>', 'repeatable', collect)
    .option('--files <list>', 'comma-separated', listArg);
  return parseArgs<{ report?: string[]; files?: string[] }>(program, argv).opts;
}

describe('collect (repeatable flags)', () => {
  it.each<[string[], string[] | undefined]>([
    [[], undefined],
    [['--report', 'a.json'], ['a.json']],
    [['--report', 'a.json', '--report', 'b.html'], ['a.json', 'b.html']],
    // A value is kept whole: commas are the value's, not separators (unlike listArg).
    [['--report', 'x,y.json'], ['x,y.json']],
  ])('%j → %j', (argv, expected) => {
    expect(parse(argv).report).toEqual(expected);
  });

  it('starts from a given default without changing it', () => {
    const defaults: string[] = [];
    expect(collect('a', defaults)).toEqual(['a']);
    expect(defaults).toEqual([]);
  });

  it('differs from listArg, which splits on commas', () => {
    expect(parse(['--files', 'a,b', '--files', 'c']).files).toEqual(['a', 'b', 'c']);
  });
});
