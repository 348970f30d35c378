// CVE-2022-35948 / GHSA-f772-66g8-q5h3: the `content-type` request header was written to the socket
// as given, so a value holding CR LF injected headers (or a whole second request) into what was
// sent. A header value with CR or LF must be refused before anything is sent.
const test = require('node:test');
const assert = require('node:assert/strict');
const net = require('node:net');
const { request } = require('..');

// A server that records the raw bytes it receives and answers every request with an empty 200.
async function rawServer() {
  const received = [];
  const server = net.createServer((socket) => {
    socket.on('data', (chunk) => {
      received.push(chunk.toString('latin1'));
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, received: () => received.join(''), close: () => server.close() };
}

test('a content-type header with CR LF is refused and nothing is injected', async () => {
  const server = await rawServer();
  try {
    const sent = request(server.url, { method: 'POST', headers: { 'content-type': 'text/plain\r\nx-injected: yes' }, body: 'a' });
    await assert.rejects(sent, { code: 'UND_ERR_INVALID_ARG' });
    assert.ok(!server.received().toLowerCase().includes('x-injected'));
  } finally {
    server.close();
  }
});

test('an ordinary content-type is still sent', async () => {
  const server = await rawServer();
  try {
    const res = await request(server.url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'a' });
    await res.body.text();
    assert.equal(res.statusCode, 200);
    assert.match(server.received(), /content-type: text\/plain\r\n/i);
  } finally {
    server.close();
  }
});
