// CVE-2023-26920 / GHSA-x3cc-x39p-42qx: the parser built its result with plain objects, so an element
// named `__proto__` was assigned through Object.prototype's setter: the element's content became the
// prototype of its parent's object instead of a child. An element of that name must be data.
const test = require('node:test');
const assert = require('node:assert/strict');
const { XMLParser } = require('..');

test('an element named __proto__ does not replace its parent object prototype', () => {
  const result = new XMLParser().parse('<root><__proto__><polluted>yes</polluted></__proto__><name>n</name></root>');
  assert.equal(Object.getPrototypeOf(result.root), Object.prototype);
  assert.equal(result.root.polluted, undefined);
  assert.equal(result.root.name, 'n');
});

test('ordinary documents are still parsed', () => {
  const result = new XMLParser({ ignoreAttributes: false }).parse('<root id="1"><item>a</item><item>b</item><empty/></root>');
  assert.deepEqual(result.root.item, ['a', 'b']);
  assert.equal(result.root['@_id'], '1');
});
