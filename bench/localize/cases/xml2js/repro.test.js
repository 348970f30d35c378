// CVE-2023-0842: an element named __proto__ in a document replaced the prototype of the object it
// landed in, instead of becoming data, so a document could give the result properties it does not
// hold. Parsed documents must keep such names as ordinary keys.
const test = require('node:test');
const assert = require('node:assert/strict');
const xml2js = require('..');

const parse = (xml, options = {}) => new xml2js.Parser(options).parseStringPromise(xml);

test('an element named __proto__ is data, not a prototype', async () => {
  const result = await parse('<root><__proto__><isAdmin>true</isAdmin></__proto__></root>');
  assert.equal(result.root.isAdmin, undefined);
  assert.ok(Object.keys(result.root).includes('__proto__'));
});

test('a root element named __proto__ is data too', async () => {
  const result = await parse('<__proto__><isAdmin>true</isAdmin></__proto__>');
  assert.equal(result.isAdmin, undefined);
  assert.deepEqual(Object.keys(result), ['__proto__']);
});
