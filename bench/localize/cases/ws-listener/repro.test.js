// ws 8.11.0 (upstream commit 1cec17da, "[fix] Add the same event listener only once", no PR):
// `WebSocket#addEventListener()` added a listener again when the same function was already
// registered for that event, so it ran once per call. As with the DOM's EventTarget, adding a
// listener that is already there must do nothing: it runs once per event.
const test = require('node:test');
const assert = require('node:assert/strict');
const { WebSocket, WebSocketServer } = require('..');

// A server that sends one text message to each client and closes; `register` sets up the
// client's listeners before the connection opens. Resolves once the client is closed.
function receiveOne(register) {
  return new Promise((resolve, reject) => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 }, () => {
      const ws = new WebSocket(`ws://127.0.0.1:${wss.address().port}`);
      register(ws);
      ws.on('error', reject);
      ws.on('close', () => wss.close(() => resolve(ws)));
    });
    wss.on('connection', (socket) => {
      socket.send('ping');
      socket.close();
    });
  });
}

test('the same listener added twice runs once per event', async () => {
  const seen = [];
  function onMessage(event) { seen.push(event.data); }
  function onOpen() { seen.push('open'); }
  await receiveOne((ws) => {
    ws.addEventListener('open', onOpen);
    ws.addEventListener('open', onOpen);
    ws.addEventListener('message', onMessage);
    ws.addEventListener('message', onMessage);
  });
  assert.deepEqual(seen, ['open', 'ping']);
});

test('distinct listeners each run, and a removed one does not', async () => {
  const seen = [];
  const first = (event) => seen.push(`first ${event.data}`);
  const second = (event) => seen.push(`second ${event.data}`);
  const removed = (event) => seen.push(`removed ${event.data}`);
  await receiveOne((ws) => {
    ws.addEventListener('message', first);
    ws.addEventListener('message', removed);
    ws.addEventListener('message', second);
    ws.removeEventListener('message', removed);
  });
  assert.deepEqual(seen, ['first ping', 'second ping']);
});
