// axios 1.8.0 (upstream commit 23a25af0, axios/axios#6788): the random strings axios makes, among them
// the multipart boundary of a FormData body sent by the node http adapter, were drawn with Math.random,
// so the boundary followed whatever Math.random returned. They must come from the crypto module: two
// requests must get different boundaries even while Math.random always returns the same value, and a
// boundary keeps its length and alphabet. (ES module, as the package is.)
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import axios from '../index.js';

// Posts a FormData to a loopback server; answers the boundary the request declared and the body's fields.
async function postForms(count) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ contentType: req.headers['content-type'], body }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const out = [];
    for (let i = 0; i < count; i++) {
      const form = new FormData();
      form.append('greeting', 'hello');
      const { data } = await axios.post(`http://127.0.0.1:${server.address().port}/form`, form);
      const boundary = /boundary=(.+)$/.exec(data.contentType)[1];
      out.push({ boundary, body: data.body });
    }
    return out;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

test('the multipart boundary does not follow Math.random', async () => {
  const original = Math.random;
  Math.random = () => 0.5;
  let sent;
  try {
    sent = await postForms(2);
  } finally {
    Math.random = original;
  }
  assert.notEqual(sent[0].boundary, sent[1].boundary);
});

test('a boundary has its usual shape and delimits the fields', async () => {
  const [{ boundary, body }] = await postForms(1);
  const m = /^axios-[\w.-]+-boundary-([A-Za-z0-9_-]+)$/.exec(boundary);
  assert.ok(m, `unexpected boundary ${boundary}`);
  assert.equal(m[1].length, 25);
  assert.ok(body.startsWith(`--${boundary}\r\n`));
  assert.ok(body.includes('name="greeting"\r\n\r\nhello\r\n'));
  assert.ok(body.endsWith(`--${boundary}--\r\n\r\n`));
});
