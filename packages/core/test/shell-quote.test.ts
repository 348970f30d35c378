import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../src/shell-quote.js';

describe('shellQuote', () => {
  it.each([
    ['fix.patch', 'fix.patch'],
    ['../out/fix.patch', '../out/fix.patch'],
    ['HEAD~1', 'HEAD~1'],
    ['main^', 'main^'],
    ['~/x', "'~/x'"],
    ['my fix.patch', "'my fix.patch'"],
    ["it's.patch", "'it'\\''s.patch'"],
    ['$HOME', "'$HOME'"],
    ['a;b', "'a;b'"],
    ['', "''"],
  ])('%s -> %s', (given, quoted) => {
    expect(shellQuote(given)).toBe(quoted);
  });

  it('the shell reads every quoted value back as it was', () => {
    for (const value of ["it's", 'a b', '$(rm -rf x)', '`x`', 'line\nbreak', '~/x', 'HEAD~1', '*', '']) {
      expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(value)}`], { encoding: 'utf8' })).toBe(value);
    }
  });
});
