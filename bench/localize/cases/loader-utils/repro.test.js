// CVE-2022-37601 / GHSA-76p3-8jx3-jpfq: parseQuery collected a loader's query into a plain object,
// so a `__proto__` name went through Object.prototype's setter instead of becoming a key: query
// text could replace the result's prototype. Every name must become the result's own key.
const test = require('node:test');
const assert = require('node:assert/strict');
const { parseQuery } = require('..');

test('a __proto__ name in a query is an own key, not the prototype', () => {
  const parsed = parseQuery('?__proto__[]=injected&name=value');
  assert.ok(Object.prototype.hasOwnProperty.call(parsed, '__proto__'));
  assert.equal(parsed.length, undefined);
  assert.equal(parsed.name, 'value');
});

test('ordinary queries are still parsed', () => {
  const parsed = parseQuery('?a=1&flag&-off&list[]=x&list[]=y');
  assert.equal(parsed.a, '1');
  assert.equal(parsed.flag, true);
  assert.equal(parsed.off, false);
  assert.deepEqual(parsed.list, ['x', 'y']);
});
