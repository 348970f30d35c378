// CVE-2024-37890: when an upgrade request carries more headers than the HTTP server keeps
// (server.maxHeadersCount), the Upgrade header itself can be among the dropped ones; the handshake
// code then read a property of the missing header and threw, which takes a server down. Such a
// request must be answered with 400 like any other bad handshake.
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const net = require('node:net');
const { WebSocketServer } = require('..');

function handshake(extraHeaders) {
  const server = http.createServer();
  server.maxHeadersCount = 5;
  const wss = new WebSocketServer({ noServer: true });
  let thrown;
  server.on('upgrade', (req, socket, head) => {
    try {
      wss.handleUpgrade(req, socket, head, (ws) => ws.close());
    } catch (err) {
      thrown = err;
      socket.destroy();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const socket = net.connect(server.address().port, '127.0.0.1');
      let reply = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => { reply += chunk; });
      socket.on('close', () => { server.close(); resolve({ reply, thrown }); });
      socket.write([
        'GET / HTTP/1.1',
        'Host: localhost',
        'Connection: Upgrade',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version: 13',
        ...extraHeaders,
        'Upgrade: websocket',
        '',
        '',
      ].join('\r\n'));
      setTimeout(() => socket.end(), 300);
    });
  });
}

test('a handshake whose Upgrade header was dropped gets 400 and does not throw', async () => {
  const { reply, thrown } = await handshake(['X-A: 1', 'X-B: 2', 'X-C: 3']);
  assert.equal(thrown, undefined);
  assert.match(reply, /^HTTP\/1\.1 400 /);
});

test('a normal handshake is still accepted', async () => {
  const { reply, thrown } = await handshake([]);
  assert.equal(thrown, undefined);
  assert.match(reply, /^HTTP\/1\.1 101 /);
});
