// SHA-1 in plain JavaScript, for code that runs within milliseconds of Node's start (tdd-kernel's hook):
// loading node:crypto compiles a dozen internal modules and the streams they pull in, which costs more
// than hashing the few hundred bytes the hot path hashes (a path, a log fingerprint, an edited file).
// Inputs past LARGE go to node:crypto, which is then worth its load (the bins require built-ins on first
// use; see tsup.tool.config.ts). The digest is node:crypto's `createHash('sha1')`, bit for bit
// (test/sha1.test.ts compares them). It names scratch directories and detects changed bytes; it is not
// used where collisions matter.

import { createHash } from 'node:crypto';

/** From this many bytes on, node:crypto's native hash beats compiling node:crypto plus hashing here. */
const LARGE = 64 * 1024;

const schedule = new Int32Array(80);

/** The SHA-1 digest of `data` (a string is hashed as UTF-8), as 40 lowercase hex digits. */
export function sha1Hex(data: string | Uint8Array): string {
  const message = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const length = message.length;
  if (length >= LARGE) return createHash('sha1').update(message).digest('hex');
  // The message, a 0x80 byte, zeros, and the length in bits as a 64-bit big-endian number: whole 64-byte blocks.
  const padded = new Uint8Array((((length + 8) >>> 6) + 1) << 6);
  padded.set(message);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length << 3) >>> 0);
  let h0 = 0x67452301;
  let h1 = 0xefcdab89 | 0;
  let h2 = 0x98badcfe | 0;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0 | 0;
  const w = schedule;
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getInt32(offset + t * 4);
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3]! ^ w[t - 8]! ^ w[t - 14]! ^ w[t - 16]!;
      w[t] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let t = 0; t < 80; t++) {
      let f: number;
      let k: number;
      if (t < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (t < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const next = (((a << 5) | (a >>> 27)) + f + e + k + w[t]!) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  return [h0, h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
}
