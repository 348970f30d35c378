import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha1Hex } from '../src/sha1.js';

const reference = (data: string | Uint8Array) => createHash('sha1').update(data).digest('hex');

describe('sha1Hex', () => {
  it('gives the published digests of the standard test vectors', () => {
    expect(sha1Hex('')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(sha1Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('84983e441c3bd26ebaae4aa1f95129e5e54670f1');
  });

  it('matches node:crypto at every length around the block and padding boundaries', () => {
    const bytes = randomBytes(300);
    for (let length = 0; length <= 300; length++) expect(sha1Hex(bytes.subarray(0, length)), `length ${length}`).toBe(reference(bytes.subarray(0, length)));
  });

  it('hashes a string as UTF-8, as createHash().update(string) does', () => {
    for (const text of ['/home/ünïcode/プロジェクト/.tdd-kernel/events.jsonl', 'emoji 🧪 and a lone surrogate \ud800', 'x'.repeat(1000)]) expect(sha1Hex(text)).toBe(reference(text));
  });

  it('matches node:crypto on a large buffer (a big source file)', () => {
    const big = randomBytes(3 * 1024 * 1024 + 17);
    expect(sha1Hex(big)).toBe(reference(big));
  });
});
