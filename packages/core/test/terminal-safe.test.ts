import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../src/index.js';

describe('terminalSafe', () => {
  it.each([
    ['plain\ttext\nnext line', 'plain\ttext\nnext line'],
    ['windows\r\nline', 'windows\r\nline'],
    ['clear \u001b[2J\u001b]0;title\u0007', 'clear \u241b[2J\u241b]0;title\u2407'],
    ['shown\rhidden over it', 'shown\u240dhidden over it'],
    ['bidi \u202eevil\u202c and \u2066x\u2069', 'bidi \\u202eevil\\u202c and \\u2066x\\u2069'],
    ['c1 \u009b31m del \u007f', 'c1 \\u009b31m del \u2421'],
    ['nul \u0000 in a name', 'nul \u2400 in a name'],
    ['accents é ü → ✓', 'accents é ü → ✓'],
  ])('%j', (input, expected) => {
    expect(terminalSafe(input)).toBe(expected);
  });
});
