// ws 8.18.3 (upstream commit 33f5dbaf, websockets/ws#2291): a handshake asking for a WebSocket
// version the server does not speak was refused with 400 but without saying which versions it
// does speak. RFC 6455 (4.4) wants the refusal to carry a Sec-WebSocket-Version header listing
// them: a request for version 12 must get 400 with `Sec-WebSocket-Version: 13, 8`.
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const { WebSocket, WebSocketServer } = require('..');

function startServer() {
  return new Promise((resolve) => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 }, () => resolve(wss));
  });
}

// A raw upgrade request: the status, headers and body of the answer.
function upgradeRequest(port, version) {
  return new Promise((resolve, reject) => {
    const req = http.get({
      host: '127.0.0.1',
      port,
      agent: false,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version': version,
      },
    });
    req.on('error', reject);
    req.on('upgrade', (res, socket) => { socket.destroy(); reject(new Error(`unexpected upgrade (${res.statusCode})`)); });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
  });
}

test('an unsupported version is refused with the supported versions listed', async () => {
  const wss = await startServer();
  try {
    const res = await upgradeRequest(wss.address().port, '12');
    assert.equal(res.status, 400);
    assert.equal(res.body, 'Missing or invalid Sec-WebSocket-Version header');
    assert.equal(res.headers['sec-websocket-version'], '13, 8');
  } finally {
    await new Promise((resolve) => wss.close(resolve));
  }
});

test('a client speaking version 13 connects and exchanges a message', async () => {
  const wss = await startServer();
  wss.on('connection', (ws) => ws.on('message', (data) => ws.send(`echo ${data}`)));
  try {
    const ws = new WebSocket(`ws://127.0.0.1:${wss.address().port}`);
    const reply = await new Promise((resolve, reject) => {
      ws.on('error', reject);
      ws.on('open', () => ws.send('hi'));
      ws.on('message', (data) => resolve(String(data)));
    });
    assert.equal(reply, 'echo hi');
    await new Promise((resolve) => { ws.on('close', resolve); ws.close(); });
  } finally {
    await new Promise((resolve) => wss.close(resolve));
  }
});
