// axios 1.7.8 (upstream commit cc3217a6, axios/axios#6615): when the server cut a response off midway,
// the node http adapter rejected with ERR_BAD_RESPONSE but with the message of the size limit,
// "maxContentLength size of -1 exceeded", though no limit was set or exceeded. The error for an
// aborted response stream must say so: "stream has been aborted". (ES module, as the package is.)
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import axios from '../index.js';

async function withServer(handler, fn) {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fn(`http://127.0.0.1:${server.address().port}`);
  } finally {
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('a response cut off by the server is reported as an aborted stream', async () => {
  await withServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('first part');
    setTimeout(() => res.destroy(), 30);
  }, async (base) => {
    const err = await axios.get(`${base}/cut`, { timeout: 1000 }).then(
      () => assert.fail('a cut-off response must reject'),
      (e) => e,
    );
    assert.equal(err.code, 'ERR_BAD_RESPONSE');
    assert.equal(err.message, 'stream has been aborted');
  });
});

test('a whole chunked response arrives, and a real size limit is still named', async () => {
  await withServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('hello ');
    setTimeout(() => res.end('world'), 10);
  }, async (base) => {
    const { data } = await axios.get(`${base}/whole`);
    assert.equal(data, 'hello world');
    const err = await axios.get(`${base}/big`, { maxContentLength: 3 }).then(
      () => assert.fail('over the limit must reject'),
      (e) => e,
    );
    assert.equal(err.message, 'maxContentLength size of 3 exceeded');
  });
});
