// CVE-2022-24999 / GHSA-hrpp-h998-j3pp: a `__proto__` segment of a bracketed key was assigned like any
// other key, so with `allowPrototypes` the parsed object's prototype was replaced by attacker data
// (and, in express, a crafted query could hang the process). A `__proto__` key must never become a
// parsed object's prototype.
const test = require('node:test');
const assert = require('node:assert/strict');
const qs = require('..');

test('a __proto__ segment does not replace the prototype of a parsed object', () => {
  const parsed = qs.parse('a[__proto__][injected]=yes&a[b]=1', { allowPrototypes: true });
  assert.equal(Object.getPrototypeOf(parsed.a), Object.prototype);
  assert.equal(parsed.a.injected, undefined);
});

test('ordinary nested keys are still parsed', () => {
  assert.deepEqual(qs.parse('a[b][c]=1&a[d]=2'), { a: { b: { c: '1' }, d: '2' } });
});
