// ws 8.21.1 (upstream commit a2f4e7c0, websockets/ws#2329): the receiver's `maxFragments` limit
// only counted fragments that carried data, so a peer could keep a message open with an endless
// run of empty continuation frames. Every fragment of a message, empty or not, must count toward
// the limit: the one past it is refused with WS_ERR_TOO_MANY_BUFFERED_PARTS (close code 1008).
const test = require('node:test');
const assert = require('node:assert/strict');
const { Receiver } = require('..');

// Feeds unmasked frames to a client-side receiver and reports what it did: the first error, if
// any, and the messages it emitted.
function feed(options, frames) {
  const receiver = new Receiver(options);
  const messages = [];
  let error;
  receiver.on('message', (data, isBinary) => messages.push({ data: Buffer.from(data).toString(), isBinary }));
  return new Promise((resolve) => {
    receiver.on('error', (err) => {
      error ??= err;
    });
    for (const frame of frames) {
      if (error) break;
      receiver.write(Buffer.from(frame));
    }
    // Errors are reported on the next tick; one turn of the event loop is enough.
    setImmediate(() => resolve({ error, messages }));
  });
}

test('empty fragments count toward maxFragments', async () => {
  // A binary frame without FIN and no payload, then two empty continuation frames without FIN.
  const { error, messages } = await feed({ maxFragments: 2 }, [[0x02, 0x00], [0x00, 0x00], [0x00, 0x00]]);
  assert.ok(error instanceof RangeError, 'the third fragment is refused');
  assert.equal(error.code, 'WS_ERR_TOO_MANY_BUFFERED_PARTS');
  assert.equal(error.message, 'Too many message fragments');
  assert.deepEqual(messages, []);
});

test('a message within the limit is reassembled from its fragments', async () => {
  // "he" (text, no FIN) + "llo" (continuation, FIN).
  const { error, messages } = await feed({ maxFragments: 2 }, [[0x01, 0x02, 0x68, 0x65], [0x80, 0x03, 0x6c, 0x6c, 0x6f]]);
  assert.equal(error, undefined);
  assert.deepEqual(messages, [{ data: 'hello', isBinary: false }]);
});
