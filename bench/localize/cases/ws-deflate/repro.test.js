// ws 8.18.2 (upstream commit 4f20aedb, websockets/ws#2285): when a compressed message inflated to
// more than `maxPayload`, the inflater was reset while input was still left, and the zlib error
// that followed replaced the size error: the peer saw a "bad data" close (1007, Z_DATA_ERROR).
// A message that inflates past the limit must fail with the designated error: RangeError
// WS_ERR_UNSUPPORTED_MESSAGE_LENGTH, close code 1009.
const test = require('node:test');
const assert = require('node:assert/strict');
const { WebSocket, WebSocketServer } = require('..');

// A compressing server with a small maxPayload; the client sends `payload` compressed and we
// collect what the server's socket reported and how the client was closed.
function exchange(payload) {
  return new Promise((resolve, reject) => {
    const outcome = { serverError: undefined, messages: [], closeCode: undefined };
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 200, perMessageDeflate: true }, () => {
      const ws = new WebSocket(`ws://127.0.0.1:${wss.address().port}`, { perMessageDeflate: true });
      ws.on('error', reject);
      ws.on('open', () => ws.send(payload));
      ws.on('close', (code) => {
        outcome.closeCode = code;
        wss.close(() => resolve(outcome));
      });
    });
    wss.on('connection', (socket) => {
      socket.on('error', (err) => { outcome.serverError = err; });
      socket.on('message', (data) => {
        outcome.messages.push(data.length);
        socket.close(1000);
      });
    });
  });
}

test('a message that inflates past maxPayload fails with the size error', async () => {
  // 100 kB of one byte compresses to about a hundred bytes: the frame fits, the message does not.
  const { serverError, messages, closeCode } = await exchange(Buffer.alloc(100_000, 'A'));
  assert.deepEqual(messages, []);
  assert.ok(serverError instanceof RangeError, `got ${serverError && serverError.message}`);
  assert.equal(serverError.code, 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH');
  assert.equal(serverError.message, 'Max payload size exceeded');
  assert.equal(closeCode, 1009);
});

test('a compressed message within maxPayload is delivered', async () => {
  const { serverError, messages, closeCode } = await exchange(Buffer.alloc(150, 'A'));
  assert.equal(serverError, undefined);
  assert.deepEqual(messages, [150]);
  assert.equal(closeCode, 1000);
});
