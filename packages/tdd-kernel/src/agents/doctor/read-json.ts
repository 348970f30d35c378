// Doctor reads agents' settings files that may be missing, half-written or not JSON at all: any of those
// is "nothing there", never an error of doctor's own.

import * as fs from 'node:fs';

/** The file's JSON, or null when it is missing or unreadable. */
export function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
