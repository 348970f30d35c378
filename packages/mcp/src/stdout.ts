// Stdout carries the protocol and nothing else: the transport gets a stream of its own onto it, and
// anything else that writes to process.stdout (a stray console.log in a library) lands on stderr.

import { Writable } from 'node:stream';

export function reserveStdout(stdout: NodeJS.WriteStream = process.stdout, stderr: NodeJS.WriteStream = process.stderr): Writable {
  const write = stdout.write.bind(stdout) as (chunk: unknown, encoding: BufferEncoding, callback: (error?: Error | null) => void) => boolean;
  const protocol = new Writable({
    write(chunk, encoding, callback) {
      write(chunk, encoding, callback);
    },
  });
  stdout.write = stderr.write.bind(stderr) as typeof stdout.write;
  return protocol;
}
