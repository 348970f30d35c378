// The edit application and the format choice, by tables: one line per case.

import { describe, expect, it } from 'vitest';
import { applyEdits, occurrences } from '../src/edits/apply.js';
import { chooseEditFormat, lineCount, REPLACE_ABOVE_LINES } from '../src/edits/format.js';

const FILE = 'function add(a, b) {\n  return a - b;\n}\n\nfunction sub(a, b) {\n  return a - b;\n}\n';

describe('applyEdits', () => {
  it.each([
    ['one unique edit', FILE, [['add(a, b) {\n  return a - b;', 'add(a, b) {\n  return a + b;']], { ok: true, content: FILE.replace('return a - b', 'return a + b') }],
    ['a line found twice is ambiguous', FILE, [['  return a - b;', '  return a + b;']], { ok: false, editIndex: 0, problem: 'ambiguous' }],
    ['text not in the file', FILE, [['return a * b;', 'x']], { ok: false, editIndex: 0, problem: 'not found' }],
    ['edits apply in order, each on the previous result', FILE, [['function add', 'function plus'], ['plus(a, b) {\n  return a - b;', 'plus(a, b) {\n  return a + b;']], { ok: true, content: FILE.replace('function add(a, b) {\n  return a - b;', 'function plus(a, b) {\n  return a + b;') }],
    ['a later edit sees the earlier one: its old text is gone', FILE, [['function add', 'function plus'], ['function add', 'x']], { ok: false, editIndex: 1, problem: 'not found' }],
    ['a second edit that makes text unique again works', FILE, [['function sub(a, b) {\n  return a - b;', 'function sub(a, b) {\n  return b - a;'], ['  return a - b;', '  return a + b;']], { ok: true, content: FILE.replace('return a - b', 'return a + b').replace('sub(a, b) {\n  return a - b', 'sub(a, b) {\n  return b - a') }],
    ['overlapping occurrences count twice', 'aaa', [['aa', 'b']], { ok: false, editIndex: 0, problem: 'ambiguous' }],
    ['an empty search in a file with text is ambiguous', FILE, [['', 'x']], { ok: false, editIndex: 0, problem: 'ambiguous' }],
    ['an empty search creates a missing file', null, [['', 'new\n']], { ok: true, content: 'new\n' }],
    ['an empty search fills an empty file', '', [['', 'new\n']], { ok: true, content: 'new\n' }],
    ['a non-empty search in a missing file is not found', null, [['x', 'y']], { ok: false, editIndex: 0, problem: 'not found' }],
    ['deleting text', FILE, [['\nfunction sub(a, b) {\n  return a - b;\n}\n', '']], { ok: true, content: 'function add(a, b) {\n  return a - b;\n}\n' }],
    ['$ patterns in the replacement are literal', 'x = 1;\n', [['1', "'$&$1$$'"]], { ok: true, content: "x = '$&$1$$';\n" }],
    ['a CRLF file is matched in its LF view; the new lines are CRLF', FILE.replace(/\n/g, '\r\n'), [['add(a, b) {\n  return a - b;', 'add(a, b) {\n  return a + b;']], { ok: true, content: FILE.replace('return a - b', 'return a + b').replace(/\n/g, '\r\n') }],
    ['CRLF in the answer matches a CRLF file too', 'a\r\nb\r\n', [['a\r\nb', 'c']], { ok: true, content: 'c\r\n' }],
    ['a byte-order mark is not part of the text matched, and stays', '\uFEFFa = 1;\n', [['a = 1;', 'a = 2;']], { ok: true, content: '\uFEFFa = 2;\n' }],
    ['mixed endings: an LF search matches CRLF lines, and only those lines change', 'a\nb\r\nc\r\nd\n', [['b\nc', 'B\nC']], { ok: true, content: 'a\nB\r\nC\r\nd\n' }],
    ['mixed endings: an edit across an LF and a CRLF line takes the first break\'s ending', 'a\nb\r\nc\n', [['a\nb', 'x\ny\nz']], { ok: true, content: 'x\ny\nz\r\nc\n' }],
    ['mixed endings: a one-line edit keeps its line\'s ending, new lines take it too', 'a\nb\r\nc\n', [['b', 'b1\nb2']], { ok: true, content: 'a\nb1\r\nb2\r\nc\n' }],
    ['mixed endings: a search ending in a break consumes the CRLF whole', 'a\r\nb\nc\n', [['a\n', '']], { ok: true, content: 'b\nc\n' }],
    ['a last line without a break takes the previous line\'s ending', 'a\r\nb', [['b', 'b1\nb2']], { ok: true, content: 'a\r\nb1\r\nb2' }],
    ['mixed endings: later edits see the earlier ones', 'a\r\nb\nc\r\n', [['a\nb', 'A\nB'], ['B\nc', 'BC']], { ok: true, content: 'A\r\nBC\r\n' }],
  ] as const)('%s', (_name, original, edits, expected) => {
    expect(applyEdits(original, edits.map(([search, replace]) => ({ search, replace })))).toEqual(expected);
  });

  it.each([
    ['abc', 'x', 0],
    ['abc', 'b', 1],
    ['abcb', 'b', 2],
    ['aaaa', 'aaa', 2],
  ] as const)('occurrences(%j, %j) = %i', (text, search, count) => {
    expect(occurrences(text, search)).toBe(count);
  });
});

describe('edit format', () => {
  const lines = (n: number) => 'x\n'.repeat(n);
  it.each([
    ['', 0],
    ['a', 1],
    ['a\n', 1],
    ['a\nb', 2],
    ['a\n\n', 2],
    [lines(REPLACE_ABOVE_LINES), REPLACE_ABOVE_LINES],
  ] as const)('lineCount(%j) = %i', (text, count) => {
    expect(lineCount(text)).toBe(count);
  });

  it.each([
    ['auto', [lines(10)], 'whole'],
    ['auto', [lines(REPLACE_ABOVE_LINES)], 'whole'],
    ['auto', [lines(REPLACE_ABOVE_LINES + 1)], 'replace'],
    ['auto', [lines(5), null, lines(REPLACE_ABOVE_LINES + 1)], 'replace'],
    ['auto', [null], 'whole'],
    ['whole', [lines(5000)], 'whole'],
    ['replace', [lines(3)], 'replace'],
  ] as const)('%s with %#: %s', (option, texts, format) => {
    expect(chooseEditFormat(option, texts)).toBe(format);
  });
});
