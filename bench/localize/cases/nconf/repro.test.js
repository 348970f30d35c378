// CVE-2022-21803 / GHSA-6xwr-q98w-rvg7: nconf's memory store walked a colon-separated key one segment
// at a time and created what was missing, so a key whose segment is "__proto__" walked onto
// Object.prototype and the value was written there, onto every object in the process. Setting such a
// key must leave other objects alone.
const test = require('node:test');
const assert = require('node:assert/strict');
const nconf = require('..');

test('a key through __proto__ does not reach every object', () => {
  const config = new nconf.Provider();
  config.use('memory');
  try {
    config.set('__proto__:pollutedByConfig', 'yes');
  } catch {
    // Refusing the key is fine; polluting is not.
  }
  assert.equal({}.pollutedByConfig, undefined);
});

test('ordinary nested keys are still stored and read back', () => {
  const config = new nconf.Provider();
  config.use('memory');
  config.set('database:host', 'localhost');
  config.set('database:port', 5432);
  assert.equal(config.get('database:host'), 'localhost');
  assert.deepEqual(config.get('database'), { host: 'localhost', port: 5432 });
});
