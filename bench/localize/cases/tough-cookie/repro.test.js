// CVE-2023-26136: the in-memory cookie store indexes cookies by domain and path in plain objects,
// so a cookie whose domain is "__proto__" is written onto Object.prototype and every object in the
// process appears to carry it. Storing such a cookie must leave other objects alone.
const test = require('node:test');
const assert = require('node:assert/strict');
const { CookieJar } = require('..');

test('a cookie for the domain __proto__ does not leak onto plain objects', async () => {
  const jar = new CookieJar(undefined, { looseMode: true });
  await jar.setCookie('session=stolen; Domain=__proto__; Path=/leak', 'https://__proto__/admin').catch(() => {});
  const fresh = {};
  assert.equal(fresh['/leak'], undefined);
  assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, '/leak'), false);
});

test('ordinary cookies are still stored and returned', async () => {
  const jar = new CookieJar();
  await jar.setCookie('a=1; Path=/', 'https://example.com/');
  assert.equal(await jar.getCookieString('https://example.com/'), 'a=1');
});
