// semver 7.8.2 (npm/node-semver#870, commit bea6028) fixed `inc(v, 'prerelease', id)` for a dotted
// identifier: with `alpha.beta` as the identifier, `3.0.0-alpha.beta.5.4` was compared only on its
// first part, so the numbered sequence was thrown away (`3.0.0-alpha.beta.0`). When the version's
// prerelease starts with every part of a dotted identifier, incrementing continues that sequence;
// a prerelease that does not start with it is still replaced.
const test = require('node:test');
const assert = require('node:assert/strict');
const semver = require('..');

test('a dotted prerelease identifier continues the existing sequence', () => {
  assert.equal(semver.inc('3.0.0-alpha.beta.5.4', 'prerelease', 'alpha.beta'), '3.0.0-alpha.beta.5.5');
  assert.equal(semver.inc('3.0.0-alpha.beta.5.4', 'prerelease', 'alpha.beta.5'), '3.0.0-alpha.beta.5.5');
  assert.equal(new semver.SemVer('2.1.0-rc.next.7').inc('prerelease', 'rc.next').version, '2.1.0-rc.next.8');
});

test('ordinary prerelease increments are unchanged', () => {
  assert.equal(semver.inc('3.0.0-alpha.beta.gamma', 'prerelease', 'alpha.beta'), '3.0.0-alpha.beta.0');
  assert.equal(semver.inc('1.2.3-alpha.4', 'prerelease', 'alpha'), '1.2.3-alpha.5');
  assert.equal(semver.inc('1.2.3-alpha.4', 'prerelease', 'beta'), '1.2.3-beta.0');
  assert.equal(semver.inc('1.2.3', 'prerelease', 'rc'), '1.2.4-rc.0');
  assert.equal(semver.inc('1.2.3-alpha.4', 'prerelease'), '1.2.3-alpha.5');
});
