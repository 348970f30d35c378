// The CLIs' own output (the result, help, error lines) goes straight to file descriptors 1 and 2, written
// synchronously, so nothing is left queued when the process exits and a reader that went away is not an
// error. A command that uses the streams (progress lines, a child's output piped through) still gets
// them: once a stream exists, everything is written through it, so what it holds and what comes next
// stay in order.

import fs from 'node:fs';

type Fd = 1 | 2;
const NAMES = { 1: 'stdout', 2: 'stderr' } as const;
const created: Partial<Record<Fd, NodeJS.WriteStream>> = {};
let watching = false;

/**
 * Runs `onCreate` on process.stdout and process.stderr when the program first uses each, instead of
 * creating them now; where they are not Node's lazy getters (a host that replaced them), at once.
 */
export function watchStdio(onCreate: (stream: NodeJS.WriteStream) => void): void {
  if (watching) return;
  watching = true;
  for (const fd of [1, 2] as const) {
    const name = NAMES[fd];
    const own = Object.getOwnPropertyDescriptor(process, name);
    const get = own?.get;
    if (!get || !own.configurable) {
      created[fd] = process[name];
      onCreate(process[name]);
      continue;
    }
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: own.enumerable ?? true,
      get() {
        const stream = get.call(process) as NodeJS.WriteStream;
        if (created[fd] === undefined) {
          created[fd] = stream;
          onCreate(stream);
        }
        return stream;
      },
    });
  }
}

/**
 * Writes `text` to stdout (1) or stderr (2). A reader that goes away (`tool --help | head -1`) is not an
 * error of ours: the rest is dropped quietly. Only a descriptor its reader made non-blocking and that is
 * full (EAGAIN) hands the rest to the stream, which waits for the reader.
 */
export function writeOut(fd: Fd, text: string): void {
  if (text === '') return;
  const existing = created[fd];
  if (existing) {
    existing.write(text);
    return;
  }
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPIPE') return;
    if (code !== 'EAGAIN') throw error;
    // Watched, the stream's getter records it (with its own handler). Either way it is then the way
    // out for what follows, so that the rest it holds goes first, and flushStdio waits for it.
    const stream = fd === 1 ? process.stdout : process.stderr;
    if (created[fd] === undefined) {
      created[fd] = stream;
      stream.on('error', (streamError: NodeJS.ErrnoException) => {
        if (streamError.code !== 'EPIPE') throw streamError;
      });
    }
    stream.write(bytes.subarray(written));
  }
}

/**
 * Whether fd 1 or 2 can be a terminal (a character device), answered from a stat: only then is it worth
 * creating the stream to ask it. A pipe or a file never is.
 */
export function mayBeTerminal(fd: Fd): boolean {
  try {
    return fs.fstatSync(fd).isCharacterDevice();
  } catch {
    return false;
  }
}

/** Resolves once everything written to the streams that exist has been handed to the system. */
export async function flushStdio(): Promise<void> {
  for (const stream of Object.values(created)) await new Promise<void>((resolve) => stream.write('', () => resolve()));
}
