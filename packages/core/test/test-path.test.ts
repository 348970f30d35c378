import { describe, expect, it } from 'vitest';
import { isTestPath } from '../src/test-path.js';

describe('isTestPath', () => {
  it.each([
    // test folders, any depth, any case
    ['test/helpers.js', true],
    ['tests/unit/calc.py', true],
    ['src/__tests__/a.js', true],
    ['spec/models/user.rb', true],
    ['specs/a.js', true],
    ['src/__mocks__/fs.js', true],
    ['pkg/testdata/input.go', true],
    ['test-fixtures/repo/a.js', true],
    ['e2e/login.ts', true],
    ['Test/Helpers.js', true],
    ['MyApp/Tests/Util.cs', true],
    ['node_modules/dep/test/x.js', true],
    // .test. / .spec. files, any case
    ['lib/parse.test.js', true],
    ['lib/parse.spec.ts', true],
    ['src/A.TEST.js', true],
    // _test / _spec suffixes, any extension
    ['pkg/calc_test.go', true],
    ['lib/calc_test.py', true],
    ['lib/calc_test.exs', true],
    ['src/calc_test.ts', true],
    ['lib/user_spec.rb', true],
    ['lib/user_spec.js', true],
    // Python and root test files
    ['calc/test_util.py', true],
    ['conftest.py', true],
    ['test.js', true],
    ['lib/test.mjs', true],
    ['app/tests.py', true],
    // test classes, case kept
    ['src/main/java/FooTest.java', true],
    ['src/FooTests.kt', true],
    ['src/FooIT.java', true],
    ['Foo/FooTest.cs', true],
    ['src/FooTest.scala', true],
    ['src/FooTest.groovy', true],
    // source
    ['lib/parse.js', false],
    ['lib/testing.js', false],
    ['lib/latest.py', false],
    ['src/contest.ts', false],
    ['src/testlib.py', false],
    ['src/Latest.java', false],
    ['src/Edit.kt', false],
    ['src/footest.java', false],
    ['lib/tests.json', false],
    // not tests, though some tools leave them out for their own reasons
    ['fixtures/a.js', false],
    ['testing/helpers.js', false],
    ['test-utils/render.ts', false],
    ['src/Button.stories.tsx', false],
    ['src/sort.bench.ts', false],
    ['src/login.e2e.ts', false],
    ['node_modules/dep/index.js', false],
    ['vendor/github.com/x/y.go', false],
  ])('%s -> %s', (file, expected) => {
    expect(isTestPath(file)).toBe(expected);
  });
});
