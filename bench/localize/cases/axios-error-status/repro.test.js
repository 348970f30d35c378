// axios 1.7.5 (upstream commit 6700a8ad, axios/axios#6573): AxiosError documented a `status` property,
// but the constructor never set it; only `toJSON()` computed a status from the response. An error made
// with a response (by hand, or by axios for an HTTP error status) must carry `error.status` equal to
// the response's status. (The package is an ES module, so this file is one too.)
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import axios, { AxiosError } from '../index.js';

test('an AxiosError made with a response has its status', async () => {
  const err = new AxiosError('teapot', 'ERR_TEST', {}, {}, { status: 418 });
  assert.equal(err.status, 418);

  const server = http.createServer((req, res) => { res.statusCode = 404; res.end('missing'); });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const rejected = await axios.get(`http://127.0.0.1:${server.address().port}/nope`).then(
      () => assert.fail('a 404 must reject'),
      (e) => e,
    );
    assert.ok(rejected instanceof AxiosError);
    assert.equal(rejected.response.status, 404);
    assert.equal(rejected.status, 404);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('the other fields and toJSON are unchanged', () => {
  const config = { url: '/x' };
  const err = new AxiosError('teapot', 'ERR_TEST', config, {}, { status: 418 });
  assert.equal(err.message, 'teapot');
  assert.equal(err.code, 'ERR_TEST');
  assert.equal(err.response.status, 418);
  assert.equal(err.toJSON().status, 418);
  assert.ok(axios.isAxiosError(err));
});
