// semver 7.8.1 (npm/node-semver#867, commit 5f3ca13) fixed `subset()` for prerelease bounds: a
// `>=` (or `<=`) bound of the sub range that is a prerelease was checked against each comparator of
// the super range with the range-wide prerelease rule, which refuses it, so `^10.2.0-beta.2` was
// not a subset of `^10.2.0-beta.1`. Such a bound must be compared with the comparator itself.
const test = require('node:test');
const assert = require('node:assert/strict');
const semver = require('..');

test('a range starting at a later prerelease is a subset of one starting at an earlier one', () => {
  assert.equal(semver.subset('^10.2.0-beta.2', '^10.2.0-beta.1'), true);
  assert.equal(semver.subset('>=10.2.0-beta.2 <=10.5.0', '^10.2.0-beta.1'), true);
});

test('ordinary subset answers are unchanged', () => {
  assert.equal(semver.subset('1.2.x', '^1.0.0'), true);
  assert.equal(semver.subset('^2.0.0', '^1.0.0'), false);
  assert.equal(semver.subset('^1.2.3-pre.0', '>=1.2.3-pre.0'), true);
  assert.equal(semver.subset('^10.2.0-beta.1', '^10.2.0-beta.2'), false);
});
