// semver 7.8.5 (npm/node-semver#878, commit 9c8692a) fixed tilde ranges under includePrerelease:
// an open tilde such as `~1.2` or `~2.x` kept a lower bound of `>=1.2.0`, so prereleases of its
// first version (`1.2.0-rc.1`) did not match, while the x-range it is documented to equal (`1.2.x`)
// and the caret form both start at `-0`. With includePrerelease, an open tilde must accept the same
// prereleases as its x-range; a fully specified tilde keeps its exact lower bound.
const test = require('node:test');
const assert = require('node:assert/strict');
const semver = require('..');

const withPre = { includePrerelease: true };

test('an open tilde range with includePrerelease accepts the prereleases its x-range accepts', () => {
  assert.equal(semver.satisfies('1.2.0-rc.1', '1.2.x', withPre), true);
  assert.equal(semver.satisfies('1.2.0-rc.1', '~1.2', withPre), true);
  assert.equal(semver.satisfies('1.2.0-rc.1', '~1.2.x', withPre), true);
  assert.equal(semver.satisfies('3.0.0-alpha.0', '~3', withPre), true);
  assert.equal(new semver.Range('~1.2', withPre).range, new semver.Range('1.2.x', withPre).range);
});

test('tilde ranges without includePrerelease, and full tildes, are unchanged', () => {
  assert.equal(semver.satisfies('1.2.0-rc.1', '~1.2'), false);
  assert.equal(semver.satisfies('1.2.7', '~1.2'), true);
  assert.equal(semver.satisfies('1.3.0', '~1.2', withPre), false);
  assert.equal(new semver.Range('~1.2.3', withPre).range, '>=1.2.3 <1.3.0-0');
  assert.equal(semver.satisfies('1.2.3-rc.1', '~1.2.3', withPre), false);
});
