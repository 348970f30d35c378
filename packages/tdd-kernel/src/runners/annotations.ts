// `// @test-id: <slug>` (or the RFC's `// @reasonix-test-id: <slug>`, or `#` in Python) within 3
// lines above an it(/test( call gives that test a stable id.

export interface Annotation {
  slug: string;
  /** The title of the test call it annotates. */
  title: string;
  /** 1-based line of the call. */
  line: number;
  /** Which test of that title it is, in source order (0-based): same-titled tests are told apart by order. */
  occurrence: number;
}

const MARK = /(?:\/\/|#)\s*@(?:reasonix-)?test-id:\s*(\S+)/;
const JS_CALL = /\b(?:it|test)(?:\.\w+)*\s*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/;
const PY_DEF = /^\s*(?:async\s+)?def\s+(test\w*)\s*\(/;

export function findAnnotations(source: string): Annotation[] {
  const lines = source.split('\n');
  const seen = new Map<string, number>();
  const titleAt = new Map<number, { title: string; occurrence: number }>();
  lines.forEach((line, i) => {
    const call = JS_CALL.exec(line) ?? PY_DEF.exec(line);
    if (!call) return;
    const title = unescapeJs(call.length > 2 && call[2] !== undefined ? call[2] : call[1]!);
    const occurrence = seen.get(title) ?? 0;
    seen.set(title, occurrence + 1);
    titleAt.set(i, { title, occurrence });
  });
  const found: Annotation[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = MARK.exec(lines[i]!);
    if (!m) continue;
    for (let j = i + 1; j <= i + 3 && j < lines.length; j++) {
      const call = titleAt.get(j);
      if (call) {
        found.push({ slug: m[1]!, title: call.title, line: j + 1, occurrence: call.occurrence });
        break;
      }
    }
  }
  return found;
}

/** The titles of the test calls (`it(`, `test(`, `t.test(`, `def test_`) in a test file's text, in order. */
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  for (const line of source.split('\n')) {
    const call = JS_CALL.exec(line) ?? PY_DEF.exec(line);
    if (call) titles.push(unescapeJs(call.length > 2 && call[2] !== undefined ? call[2] : call[1]!));
  }
  return titles;
}

function unescapeJs(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/** The slug of the `nth` (0-based, in report order) test titled `title` in its file, if it is annotated. */
export function slugFor(annotations: readonly Annotation[], title: string, nth: number): string | null {
  return annotations.find((a) => a.title === title && a.occurrence === nth)?.slug ?? null;
}
