// CVE-2021-23358: the `variable` option of _.template is pasted into the source of the compiled
// function as its parameter list, so a crafted value runs code of the attacker's choosing. A value
// that is not a plain name must be refused before anything is compiled.
const test = require('node:test');
const assert = require('node:assert/strict');
const _ = require('..');

test('a variable option carrying code is refused and never runs', () => {
  delete globalThis.__templateInjection;
  let render;
  assert.throws(() => {
    render = _.template('<%= data.name %>', { variable: 'data = (globalThis.__templateInjection = "ran")' });
  });
  if (render) render();
  assert.equal(globalThis.__templateInjection, undefined);
});

test('a plain variable name still works', () => {
  const render = _.template('hello <%= data.name %>', { variable: 'data' });
  assert.equal(render({ name: 'world' }), 'hello world');
});
