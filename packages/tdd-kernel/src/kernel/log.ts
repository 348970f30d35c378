// The append-only event log: one line per event, written with a single O_APPEND write so parallel
// writers never interleave; reading skips torn or corrupt lines with a warning instead of crashing.

import * as fs from 'node:fs';
import path from 'node:path';
import type { EventType, KernelEvent } from '../schemas/events.js';

/** Longer lines are still written with one write(2), but keep events small: messages are clipped. */
const MAX_MESSAGE_CHARS = 600;

/** Appends events, one line and one write each. A torn last line (a writer killed mid-line) is closed first. */
export function appendEvents(logPath: string, events: readonly KernelEvent[]): void {
  if (events.length === 0) return;
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const fd = fs.openSync(logPath, 'a+');
  try {
    for (const event of events) {
      const line = `${lastByteIsOpen(fd) ? '\n' : ''}${JSON.stringify(clip(event))}\n`;
      const bytes = Buffer.from(line, 'utf8');
      const written = fs.writeSync(fd, bytes);
      if (written !== bytes.length) throw new Error(`short write to ${logPath} (${written} of ${bytes.length} bytes)`);
    }
  } finally {
    fs.closeSync(fd);
  }
}

function lastByteIsOpen(fd: number): boolean {
  const size = fs.fstatSync(fd).size;
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  fs.readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

function clip(event: KernelEvent): KernelEvent {
  if ('message' in event && typeof event.message === 'string' && event.message.length > MAX_MESSAGE_CHARS) {
    return { ...event, message: `${event.message.slice(0, MAX_MESSAGE_CHARS)}…` };
  }
  return event;
}

export interface ReadResult {
  events: KernelEvent[];
  /** Byte offset just past the last complete line read; an unterminated tail is left for later. */
  end: number;
  warnings: string[];
}

/** Reads the complete lines of the log from `start` (a line boundary). A missing log reads as empty. */
export function readEventsFrom(logPath: string, start = 0): ReadResult {
  let fd: number;
  try {
    fd = fs.openSync(logPath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { events: [], end: 0, warnings: [] };
    throw error;
  }
  try {
    const size = fs.fstatSync(fd).size;
    if (size <= start) return { events: [], end: Math.min(start, size), warnings: [] };
    const buffer = Buffer.alloc(size - start);
    let got = 0;
    while (got < buffer.length) {
      const n = fs.readSync(fd, buffer, got, buffer.length - got, start + got);
      if (n === 0) break;
      got += n;
    }
    return parseLines(buffer.subarray(0, got), start, logPath);
  } finally {
    fs.closeSync(fd);
  }
}

/** Parses complete lines; `base` is the byte offset of the chunk, for warnings and the end offset. */
export function parseLines(chunk: Buffer, base: number, label = 'log'): ReadResult {
  const events: KernelEvent[] = [];
  const warnings: string[] = [];
  let lineStart = 0;
  for (;;) {
    const nl = chunk.indexOf(0x0a, lineStart);
    if (nl === -1) break;
    const text = chunk.toString('utf8', lineStart, nl).trim();
    if (text !== '') {
      const event = parseEvent(text);
      if (event) events.push(event);
      else warnings.push(`${label}: skipped a corrupt line at byte ${base + lineStart}: ${preview(text)}`);
    }
    lineStart = nl + 1;
  }
  return { events, end: base + lineStart, warnings };
}

// A record rather than the schema's list: the hot path reads the log without loading zod, and a key
// missing here (or one the schema lacks) fails to compile.
const EVENT_TYPES: Record<EventType, true> = {
  test_run: true,
  edit_claim: true,
  edit_allowed: true,
  edit_refused: true,
  edit_reverted: true,
  repair: true,
  refactor_on: true,
  refactor_off: true,
  verify: true,
};
const KNOWN = new Set<string>(Object.keys(EVENT_TYPES));

/** A line is an event when it is a JSON object with a known `type` and a numeric `ts`. */
export function parseEvent(text: string): KernelEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.type !== 'string' || !KNOWN.has(record.type) || typeof record.ts !== 'number') return null;
  if ((record.type === 'test_run' || record.type === 'edit_claim') && typeof record.test_id !== 'string') return null;
  if (record.type === 'edit_claim' && typeof record.edit_target !== 'string') return null;
  if (record.type === 'test_run' && record.status !== 'pass' && record.status !== 'fail') return null;
  return record as unknown as KernelEvent;
}

function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
