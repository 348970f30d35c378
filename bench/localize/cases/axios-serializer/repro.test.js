// axios 1.7.8 (upstream commit eac4619f, axios/axios#6680): `paramsSerializer` may be given as a plain
// function instead of `{ serialize }`. Requests already accepted that, but `axios.getUri()` handed the
// function straight to the URL builder, which ignored it and serialized the params itself. A function
// serializer must be called with the params and its output used as the query string.
// (The package is an ES module, so this file is one too.)
import test from 'node:test';
import assert from 'node:assert/strict';
import axios from '../index.js';

test('getUri uses a paramsSerializer given as a function', () => {
  const params = { a: 1, b: 'two' };
  const seen = [];
  const uri = axios.getUri({
    url: '/foo',
    params,
    paramsSerializer: (p) => {
      seen.push(p);
      return 'custom=yes';
    },
  });
  assert.equal(uri, '/foo?custom=yes');
  assert.deepEqual(seen, [params]);
});

test('an object serializer and the default serialization still work', () => {
  const params = { a: 1, b: 'two' };
  assert.equal(axios.getUri({ url: '/foo', params, paramsSerializer: { serialize: () => 'x=1' } }), '/foo?x=1');
  assert.equal(axios.getUri({ url: '/foo', params }), '/foo?a=1&b=two');
  assert.equal(axios.getUri({ baseURL: 'http://127.0.0.1:1', url: '/bar', params: { q: 'a b' } }), 'http://127.0.0.1:1/bar?q=a+b');
});
