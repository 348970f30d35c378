// Pure check that an edit of a test file does not weaken a claimed test: deleting it, skipping it,
// focusing another test, or removing its assertions. Text-based, for JS/TS and Python test files.

export type Weakening = { kind: 'deleted' | 'skipped' | 'focused' | 'assertions-removed'; detail: string };

const JS_CALL = /\b(?:it|test|xit|xtest|fit)((?:\.\w+)*)\s*\(\s*(['"`])((?:\\.|(?!\2).)*)\2/g;
const JS_ASSERT = /\bexpect\s*[(.]|\bassert\w*\s*[(.]|\.should\b|\bexpectTypeOf\s*\(/g;
const PY_ASSERT = /(?:^|\s)assert\b|\bpytest\.raises\b|\bself\.assert\w+\s*\(/g;

/** The name a test call carries in its source: the title for JS, the function name for Python. */
export function testTitleCandidates(testId: string): string[] {
  const sep = testId.indexOf('::');
  if (sep === -1) return [];
  const name = testId.slice(sep + 2);
  // Python: file::Class::test_fn[param]
  if (/\.py$/.test(testId.slice(0, sep))) return [name.split('::').pop()!.replace(/\[.*$/, '')];
  // JS: "describe test" joined by spaces; every suffix on a word boundary may be the title.
  const words = name.split(' ');
  return words.map((_, i) => words.slice(i).join(' '));
}

export function findWeakening(oldText: string, newText: string, testId: string, slug?: string, python = false): Weakening | null {
  const titles = testTitleCandidates(testId);
  if (python) return pythonWeakening(oldText, newText, titles[0] ?? '');
  const before = locateJs(oldText, titles, slug);
  if (!before) return null; // not in this file as far as we can tell
  const after = locateJs(newText, [before.title], slug);
  if (!after) return { kind: 'deleted', detail: `the claimed test "${before.title}" is gone` };
  if (isDisabling(after.modifiers) && !isDisabling(before.modifiers)) {
    return { kind: 'skipped', detail: `the claimed test "${before.title}" is now ${after.head}` };
  }
  const onlyBefore = count(oldText, /\.only\s*\(|\bfit\s*\(|\bfdescribe\s*\(/g);
  const onlyAfter = count(newText, /\.only\s*\(|\bfit\s*\(|\bfdescribe\s*\(/g);
  if (onlyAfter > onlyBefore) return { kind: 'focused', detail: 'a `.only` was added, which skips the claimed test' };
  const skipsBefore = count(oldText, /\bdescribe\.(?:skip|todo)\b|\bxdescribe\s*\(/g);
  const skipsAfter = count(newText, /\bdescribe\.(?:skip|todo)\b|\bxdescribe\s*\(/g);
  if (skipsAfter > skipsBefore) return { kind: 'skipped', detail: 'a `describe.skip` was added around tests' };
  const a = count(before.body, JS_ASSERT);
  const b = count(after.body, JS_ASSERT);
  if (b < a) return { kind: 'assertions-removed', detail: `the claimed test "${before.title}" went from ${a} to ${b} assertions` };
  return null;
}

function isDisabling(modifiers: string): boolean {
  return /\.(?:skip|todo|fails|skipIf|runIf)\b/.test(modifiers) || modifiers.startsWith('x');
}

interface JsTest {
  title: string;
  modifiers: string;
  head: string;
  body: string;
}

function locateJs(text: string, titles: string[], slug?: string): JsTest | null {
  const calls: Array<JsTest & { index: number }> = [];
  for (const m of text.matchAll(JS_CALL)) {
    const prefix = m[0].startsWith('x') ? 'x' : '';
    calls.push({ title: m[3] ?? '', modifiers: prefix + (m[1] ?? ''), head: m[0].replace(/\s*\(.*$/s, ''), body: blockFrom(text, m.index), index: m.index });
  }
  if (slug) {
    const lines = text.split('\n');
    const at = lines.findIndex((l) => new RegExp(`@(?:reasonix-)?test-id:\\s*${escape(slug)}\\s*$`).test(l));
    if (at !== -1) {
      const offset = lines.slice(0, at).join('\n').length;
      const next = calls.find((c) => c.index > offset);
      if (next) return next;
    }
  }
  // Longest title first: "adds tax" must not match a test titled "tax".
  for (const title of titles) {
    const found = calls.find((c) => c.title === title);
    if (found) return found;
  }
  return null;
}

/** The text from `start` to the parenthesis closing the call opened there (strings and comments skipped roughly). */
function blockFrom(text: string, start: number): string {
  const open = text.indexOf('(', start);
  if (open === -1) return '';
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'" || ch === '`') {
      i = skipString(text, i, ch);
      continue;
    }
    if (ch === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl;
      continue;
    }
    if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return text.slice(start);
}

function skipString(text: string, i: number, quote: string): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === quote) return j;
  }
  return text.length;
}

function pythonWeakening(oldText: string, newText: string, name: string): Weakening | null {
  if (name === '') return null;
  const before = locatePy(oldText, name);
  if (!before) return null;
  const after = locatePy(newText, name);
  if (!after) return { kind: 'deleted', detail: `the claimed test ${name} is gone` };
  const skip = /@(?:pytest\.mark\.)?(?:skip|skipif|xfail)\b|\bpytest\.(?:skip|xfail)\s*\(|@unittest\.skip/;
  if (skip.test(after.decorators + after.body) && !skip.test(before.decorators + before.body)) {
    return { kind: 'skipped', detail: `the claimed test ${name} is now skipped or xfail` };
  }
  const a = count(before.body, PY_ASSERT);
  const b = count(after.body, PY_ASSERT);
  if (b < a) return { kind: 'assertions-removed', detail: `the claimed test ${name} went from ${a} to ${b} assertions` };
  return null;
}

function locatePy(text: string, name: string): { decorators: string; body: string } | null {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => new RegExp(`^\\s*(?:async\\s+)?def\\s+${escape(name)}\\s*\\(`).test(l));
  if (at === -1) return null;
  const indent = /^\s*/.exec(lines[at]!)![0].length;
  const decorators: string[] = [];
  for (let i = at - 1; i >= 0 && /^\s*@/.test(lines[i]!); i--) decorators.push(lines[i]!);
  const body: string[] = [];
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() !== '' && /^\s*/.exec(line)![0].length <= indent) break;
    body.push(line);
  }
  return { decorators: decorators.join('\n'), body: body.join('\n') };
}

function count(text: string, re: RegExp): number {
  return [...text.matchAll(re)].length;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
