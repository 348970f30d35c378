// Which paths are tests, by the layouts test runners use. One answer for every tool: localize never
// ranks a test as the file to fix, review-calibration never plants a bug in one.

/** Folders whose whole content belongs to the tests (runners' defaults, mocks, fixtures, test data). */
const TEST_DIRS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', '__mocks__', 'testdata', 'test-fixtures', 'e2e']);

/** File names, case aside. */
const TEST_NAMES = [
  /\.(?:test|spec)\.[^/]+$/i, // x.test.js, x.spec.ts
  /_(?:test|spec)\.[^/]+$/i, // x_test.go, x_test.py, x_spec.rb, x_spec.lua
  /^tests?\.(?:[cm]?[jt]sx?|py)$/i, // test.js (node --test and ava run it by that name), Django's tests.py
  /^test_[^/]*\.py$/i, // pytest's test_x.py
  /^conftest\.py$/i,
];

/**
 * JUnit, Kotlin, Scala, Groovy and .NET name a test class FooTest, FooTests or FooIT. Here the capital
 * is the word boundary, so this one keeps case: ignoring it would take Latest.java and Edit.kt for tests.
 */
const CLASS_TEST_NAME = /(?:Test|Tests|IT)\.(?:java|kt|scala|groovy|cs)$/;

/**
 * True when `file` (repository-relative, forward slashes) is a test by its path: under a test folder,
 * or named the way a runner finds tests.
 * Case is ignored (except in CLASS_TEST_NAME): `Test/`, `Tests/` and `A.TEST.js` are the same
 * conventions spelt by people on case-insensitive file systems, and the two mistakes are not equal:
 * calling a source file a test only drops one candidate, while missing a test lets a tool blame or
 * edit the specification itself.
 */
export function isTestPath(file: string): boolean {
  const dirs = file.split('/');
  const name = dirs.pop() ?? '';
  return dirs.some((dir) => TEST_DIRS.has(dir.toLowerCase())) || TEST_NAMES.some((re) => re.test(name)) || CLASS_TEST_NAME.test(name);
}
