// CVE-2024-33883 / GHSA-ghr5-ch3p-vcr6: the template compiler read its options from the object the
// caller passed, inherited properties included, so a polluted Object.prototype (`client`,
// `escapeFunction`) reached the generated function's source and ran as code at render time. Only
// the options object's own properties may configure a template.
const test = require('node:test');
const assert = require('node:assert/strict');
const ejs = require('..');

test('options inherited from a polluted Object.prototype do not reach the compiled template', () => {
  delete globalThis.ejsRepro;
  Object.prototype.client = true;
  Object.prototype.escapeFunction = 'function () {}; globalThis.ejsRepro = true; (function () {})';
  try {
    ejs.render('<%= name %>', { name: 'x' }, {});
  } catch {
    // Refusing the template is fine too; running the injected code is not.
  } finally {
    delete Object.prototype.client;
    delete Object.prototype.escapeFunction;
  }
  assert.equal(globalThis.ejsRepro, undefined);
});

test('own options still apply', () => {
  assert.equal(ejs.render('<%= name %>', { name: '<b>' }, {}), '&lt;b&gt;');
  assert.equal(ejs.render('[?= name ?]', { name: 'y' }, { delimiter: '?', openDelimiter: '[', closeDelimiter: ']' }), 'y');
});
