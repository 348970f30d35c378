// Hashes and random names for files the tools keep: a scratch directory named after a path, a copy
// named after its content, a temp name that must differ from other writers'.

import { createHash, randomBytes } from 'node:crypto';

/** The SHA-1 of `data`, hex: it names and compares files, it does not protect anything. */
export function sha1Hex(data: string | Buffer): string {
  return createHash('sha1').update(data).digest('hex');
}

/** `length` random hex digits, for names that only have to differ from other writers'. */
export function randomHex(length: number): string {
  return randomBytes(Math.ceil(length / 2)).toString('hex').slice(0, length);
}
