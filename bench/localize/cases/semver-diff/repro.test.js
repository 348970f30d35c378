// semver 7.7.0 (npm/node-semver#755, commit d588e37) fixed `diff()` from a prerelease to a later
// stable version: the answer was read off the higher version's own parts, so `1.7.2-1` → `1.8.1`
// came out as 'patch' and `1.4.0-1` → `2.3.5` as 'patch' too. The answer must be the largest part
// that actually changed (minor, major), and 'patch' only when the prerelease is merely dropped.
const test = require('node:test');
const assert = require('node:assert/strict');
const semver = require('..');

test('a prerelease to a later stable version reports the part that changed', () => {
  assert.equal(semver.diff('1.7.2-1', '1.8.1'), 'minor');
  assert.equal(semver.diff('1.4.0-1', '2.3.5'), 'major');
  assert.equal(semver.diff('1.1.1-pre', '2.1.1'), 'major');
  assert.equal(semver.diff('3.6.1-5', '3.7.2'), 'minor');
});

test('ordinary diffs are unchanged', () => {
  assert.equal(semver.diff('1.2.3-1', '1.2.3'), 'patch');
  assert.equal(semver.diff('1.2.3', '1.3.0'), 'minor');
  assert.equal(semver.diff('1.0.0', '2.0.0'), 'major');
  assert.equal(semver.diff('1.2.3', '1.2.4-beta.0'), 'prepatch');
  assert.equal(semver.diff('1.0.0-1', '2.0.0-1'), 'premajor');
  assert.equal(semver.diff('1.2.3', '1.2.3'), null);
});
