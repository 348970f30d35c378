// CVE-2023-26136: a cookie jar (the advisory's setup: rejectPublicSuffixes off) accepted a cookie
// for the domain "__proto__", and storing it wrote onto Object.prototype, so every object in the
// process appeared to carry it. Storing such a cookie must leave other objects alone.
const test = require('node:test');
const assert = require('node:assert/strict');
const { CookieJar } = require('..');

test('a cookie for the domain __proto__ does not leak onto plain objects', async () => {
  const jar = new CookieJar(undefined, { rejectPublicSuffixes: false });
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
