// The HTTP edge the test kit's fake servers share: listen on 127.0.0.1 only (a test must never
// reach another address), read a body, answer JSON or server-sent events, and close with every
// socket still open (a streaming client keeps its connection alive).

import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { SseEvent } from './model-script.js';

export interface LoopbackServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  close(): Promise<void>;
}

export async function listenOnLoopback(listener: RequestListener): Promise<LoopbackServer> {
  const server = createServer(listener);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function sendSse(res: ServerResponse, events: SseEvent[]): void {
  if (res.destroyed) return;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const { event, data } of events) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  res.end();
}

/** Server-sent events with only `data:` lines (the Gemini API, OpenAI Chat Completions' `[DONE]`). */
export function sendDataEvents(res: ServerResponse, data: Array<Record<string, unknown> | string>): void {
  if (res.destroyed) return;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const item of data) res.write(`data: ${typeof item === 'string' ? item : JSON.stringify(item)}\n\n`);
  res.end();
}
