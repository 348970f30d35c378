// ws 8.14.0 (upstream commit 31da4172, websockets/ws#2165): `server.handleUpgrade()` documents a
// duplex stream as its socket, but the upgrade called `socket.setTimeout()` and
// `socket.setNoDelay()`, which only `net.Socket` has, so a plain stream placed between the TCP
// socket and ws made the upgrade throw. An upgrade over any duplex stream must complete.
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const { Duplex } = require('node:stream');
const { WebSocket, WebSocketServer } = require('..');

// A plain duplex stream in front of a TCP socket: what is written goes to the socket, what the
// socket receives is read from it. No socket methods.
function streamOver(socket) {
  const stream = new Duplex({
    read() { socket.resume(); },
    write(chunk, encoding, cb) { socket.write(chunk, cb); },
    final(cb) { socket.end(); cb(); },
    destroy(err, cb) { socket.destroy(); cb(err); },
  });
  socket.on('data', (chunk) => { if (!stream.push(chunk)) socket.pause(); });
  socket.on('end', () => stream.push(null));
  socket.on('close', () => stream.destroy());
  return stream;
}

// An HTTP server whose upgrades ws completes over wrap(socket); the server's socket sends a
// greeting and closes. What the client got, and what the upgrade threw.
function greet(wrap) {
  const server = http.createServer();
  const wss = new WebSocketServer({ noServer: true });
  let thrown;
  server.on('upgrade', (req, socket, head) => {
    try {
      wss.handleUpgrade(req, wrap(socket), head, (ws) => ws.close(1000, 'hello'));
    } catch (err) {
      thrown = err;
      socket.destroy();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.address().port}`);
      let error;
      ws.on('error', (err) => { error = err; });
      ws.on('close', (code, reason) => {
        server.close(() => resolve({ thrown, error, code, reason: String(reason) }));
      });
    });
  });
}

test('an upgrade over a plain duplex stream completes', async () => {
  const { thrown, error, code, reason } = await greet(streamOver);
  assert.equal(thrown, undefined);
  assert.equal(error, undefined);
  assert.equal(code, 1000);
  assert.equal(reason, 'hello');
});

test('an upgrade over the TCP socket itself completes', async () => {
  const { thrown, error, code, reason } = await greet((socket) => socket);
  assert.equal(thrown, undefined);
  assert.equal(error, undefined);
  assert.equal(code, 1000);
  assert.equal(reason, 'hello');
});
