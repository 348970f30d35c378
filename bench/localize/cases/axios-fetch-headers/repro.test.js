// axios 1.7.0-beta.2 (upstream commit 870e0a76, axios/axios#6401): with the fetch adapter and
// responseType 'stream', the response was rebuilt around a tracked body by copying the original
// Response's own property names, which a native Response does not have, so status text and headers
// were lost. The rebuilt response must keep the server's headers. (ES module, as the package is.)
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import axios from '../index.js';

async function withServer(fn) {
  const server = http.createServer((req, res) => {
    res.setHeader('x-answer', 'forty-two');
    res.end(`you asked for ${req.url}`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await fn(axios.create({ baseURL: `http://127.0.0.1:${server.address().port}`, adapter: 'fetch' }));
  } finally {
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

test('a stream response keeps the response headers', async () => {
  await withServer(async (client) => {
    const res = await client.get('/streamed', { responseType: 'stream' });
    const body = await readAll(res.data);
    assert.equal(res.headers.get('x-answer'), 'forty-two');
    assert.equal(body, 'you asked for /streamed');
  });
});

test('an ordinary fetch response has its headers and data', async () => {
  await withServer(async (client) => {
    const res = await client.get('/plain');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-answer'), 'forty-two');
    assert.equal(res.data, 'you asked for /plain');
  });
});
