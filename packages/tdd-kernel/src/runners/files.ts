// Test-file reads shared by adapters and the kernel: annotations per file, content hashes.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import path from 'node:path';
import { findAnnotations, type Annotation } from './annotations.js';

export function annotationsOf(root: string): (rel: string) => readonly Annotation[] {
  const cache = new Map<string, readonly Annotation[]>();
  return (rel) => {
    let found = cache.get(rel);
    if (!found) {
      try {
        found = findAnnotations(fs.readFileSync(path.join(root, rel), 'utf8'));
      } catch {
        found = [];
      }
      cache.set(rel, found);
    }
    return found;
  };
}

export function fileHash(abs: string): string | null {
  try {
    return createHash('sha1').update(fs.readFileSync(abs)).digest('hex');
  } catch {
    return null;
  }
}
