// How many tests a test file declares, read from its text: one count for `doctor` (tests found) and for
// refactor mode's rule that a test file may not lose tests, so the two never disagree on a language.

/** Source files whose tests are counted: JS/TS, Python, Go, and Java/Kotlin (the junit runner). */
const TEST_SOURCE = /\.(?:[cm]?[jt]sx?|py|go|java|kt)$/;

/**
 * One declaration per match:
 * - Vitest/Jest/node:test: `it(` / `test(` (also `test.each(...)(`) not preceded by `.` or a word character,
 *   and node:test's subtests `t.test(` (node counts them among its tests);
 * - pytest: `def test_*(` (async too);
 * - Go: `func TestX(t *testing.T)` (not TestMain, which takes *testing.M);
 * - JUnit: `@Test`, `@ParameterizedTest`, `@RepeatedTest`, `@TestFactory`, `@TestTemplate`.
 */
const TEST_DECL = new RegExp(
  [
    String.raw`(?:^|[^.\w$])(?:it|test)(?:\.each\s*\([^)]*\))?\s*\(`,
    String.raw`(?:^|[^.\w$])(?:t|ctx|context)\.test\s*\(`,
    String.raw`^[ \t]*(?:async\s+)?def\s+test\w*\s*\(`,
    String.raw`^[ \t]*func\s+Test\w*\s*\(\s*\w+\s+\*testing\.T\s*\)`,
    String.raw`^[ \t]*@(?:Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate)\b`,
  ].join('|'),
  'gm',
);

/** Whether a file's tests are counted (by its name). */
export function isTestSource(name: string): boolean {
  return TEST_SOURCE.test(name);
}

export function countTests(text: string): number {
  return [...text.matchAll(TEST_DECL)].length;
}
