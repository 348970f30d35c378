// CVE-2022-46175: a "__proto__" key in the parsed text must become an ordinary own property of
// the result; it must not replace the result's prototype (an attacker could then add properties
// such as "isAdmin" that every lookup on the object would see).
const test = require('node:test');
const assert = require('node:assert/strict');
const JSON5 = require('..');

test('a __proto__ key is kept as data, not used as the prototype', () => {
  const parsed = JSON5.parse('{ "__proto__": { "isAdmin": true }, name: "guest" }');
  assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  assert.equal(parsed.isAdmin, undefined);
  assert.deepEqual(Object.keys(parsed), ['__proto__', 'name']);
});

test('the same holds for nested objects and with a reviver', () => {
  const parsed = JSON5.parse("{ user: { __proto__: { role: 'admin' } } }", (key, value) => value);
  assert.equal(Object.getPrototypeOf(parsed.user), Object.prototype);
  assert.equal(parsed.user.role, undefined);
});
