import { describe, expect, it } from 'vitest';
import { conformTextStyle, detectEol } from '../src/text-style.js';

describe('detectEol', () => {
  it.each([
    ['a\nb\n', '\n'],
    ['a\r\nb\r\n', '\r\n'],
    ['a\r\nb\nc\r\n', '\r\n'],
    ['a\nb\nc\r\n', '\n'],
    ['a\r\nb\n', '\r\n'],
    ['no break', null],
    ['', null],
  ] as const)('%j → %j', (text, eol) => {
    expect(detectEol(text)).toBe(eol);
  });
});

describe('conformTextStyle', () => {
  it.each([
    // [case, original, next, expected]
    ['new file: unchanged', null, 'a\r\nb', 'a\r\nb'],
    ['LF original, LF answer', 'a\nb\n', 'x\ny\n', 'x\ny\n'],
    ['CRLF original: LF answer converted', 'a\r\nb\r\n', 'x\ny\n', 'x\r\ny\r\n'],
    ['CRLF original: CRs never doubled', 'a\r\nb\r\n', 'x\r\ny\nz\r\n', 'x\r\ny\r\nz\r\n'],
    ['CRLF original: final newline added as CRLF', 'a\r\nb\r\n', 'x\ny', 'x\r\ny\r\n'],
    ['LF original: stray CRLF answer converted', 'a\nb\n', 'x\r\ny\r\n', 'x\ny\n'],
    ['no final newline: stripped', 'a\nb', 'x\ny\n', 'x\ny'],
    ['no final newline: every trailing newline stripped', 'a\nb', 'x\ny\n\n', 'x\ny'],
    ['no final newline, CRLF', 'a\r\nb', 'x\ny\n', 'x\r\ny'],
    ['final newline: ensured', 'a\nb\n', 'x\ny', 'x\ny\n'],
    ['final newline: extra blank lines kept', 'a\n\n', 'x\n\n', 'x\n\n'],
    ['one line without newline: endings of the answer kept', 'single', 'x\r\ny\n', 'x\r\ny'],
    ['empty original: no final-newline information', '', 'x\n', 'x\n'],
    ['emptied file stays empty', 'a\n', '', ''],
    ['BOM kept', '\uFEFFa\r\n', 'x\n', '\uFEFFx\r\n'],
    ['BOM not added', 'a\n', '\uFEFFx\n', 'x\n'],
    ['mixed original, mixed result (edits spliced in): every ending kept', 'a\nb\r\nc\r\n', 'a\nB\r\nc\r\n', 'a\nB\r\nc\r\n'],
    ['mixed original, LF answer (a whole file): the majority ending', 'a\nb\r\nc\r\n', 'x\ny\nz\n', 'x\r\ny\r\nz\r\n'],
    ['pure CRLF original, mixed answer: conformed as before', 'a\r\nb\r\n', 'x\r\ny\n', 'x\r\ny\r\n'],
  ] as const)('%s', (_case, original, next, expected) => {
    expect(conformTextStyle(original, next)).toBe(expected);
  });
});
