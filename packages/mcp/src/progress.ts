// A tool's reporter inside the server: the progress lines a CLI shows on stderr (its stages) become MCP
// progress notifications when the client asked for them with a progress token; notes and warnings go
// to the server's stderr, never to stdout, which carries the protocol alone.

import { createStyle, type Reporter } from '@adlc/core';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export function toolReporter(tool: string, extra: Pick<Extra, '_meta' | 'sendNotification'>, stderr: NodeJS.WritableStream = process.stderr): Reporter {
  const token = extra._meta?.progressToken;
  let step = 0;
  return {
    style: createStyle(false),
    info: (message) => void stderr.write(`${message}\n`),
    warn: (message) => void stderr.write(`${tool}: WARNING: ${message}\n`),
    progress(message) {
      if (token === undefined) return;
      // The protocol wants progress to increase with every notification; there is no known total.
      step += 1;
      extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, message } }).catch(() => undefined);
    },
    endProgress: () => undefined,
  };
}
