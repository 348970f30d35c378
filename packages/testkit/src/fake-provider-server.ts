// A loopback server that speaks Anthropic Messages, OpenAI Chat Completions and Gemini
// generateContent, scripted per test (answers, delays, hangs, error statuses) and recording every
// request. Tests point the real SDK clients at it through the base-URL variables.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody, parseRequest, route, successBody, type ParsedRequest, type Protocol } from './wire.js';

export type { Protocol } from './wire.js';

export interface FakeReply {
  /** The answer text (default: empty). */
  text?: string;
  /** An error status to answer with instead (429, 500, 401, ...). */
  status?: number;
  /** The error message sent with `status`. */
  message?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer (until the client gives up or the server closes). */
  hang?: boolean;
  /** Extra response headers (e.g. retry-after). */
  headers?: Record<string, string>;
  usage?: { inputTokens: number; outputTokens: number };
  /** Answer as cut off at the token limit (max_tokens / length / MAX_TOKENS in each protocol's words). */
  truncated?: boolean;
}

export interface RecordedRequest extends ParsedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  receivedAt: number;
}

export type FakeHandler = (request: RecordedRequest) => FakeReply | string | Promise<FakeReply | string>;

export interface FakeProviderServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Base-URL variables for all three SDKs, plus placeholder keys (never real ones). */
  env(): Record<string, string>;
  /** Queue replies for one protocol; used in order, before the handler. */
  enqueue(protocol: Protocol, ...replies: Array<FakeReply | string>): void;
  /** The reply for requests with nothing queued (per protocol, or for all). */
  handle(handler: FakeHandler, protocol?: Protocol): void;
  requestsFor(protocol: Protocol): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_KEYS = {
  ANTHROPIC_API_KEY: 'sk-ant-fake-test-key-0000000000000000',
  OPENAI_API_KEY: 'sk-fake-openai-test-key-000000000000000',
  GEMINI_API_KEY: 'fake-gemini-test-key-0000000000000000',
} as const;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeProviderServer(options: { handler?: FakeHandler } = {}): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  const queues: Record<Protocol, Array<FakeReply | string>> = { anthropic: [], openai: [], gemini: [] };
  const handlers: Partial<Record<Protocol | 'all', FakeHandler>> = {};
  if (options.handler) handlers.all = options.handler;
  const sockets = new Set<import('node:net').Socket>();
  let counter = 0;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    const target = route(req.method ?? 'GET', path);
    const raw = await readBody(req);
    if (!target) return send(res, 404, { error: { message: `fake server: no route for ${req.method} ${path}` } });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(res, 400, errorBody(target.protocol, 400, 'fake server: body is not JSON'));
    }
    const recorded: RecordedRequest = {
      ...parseRequest(target.protocol, body, target.model),
      path,
      headers: req.headers,
      body,
      receivedAt: Date.now(),
    };
    requests.push(recorded);
    const queued = queues[target.protocol].shift();
    const handler = handlers[target.protocol] ?? handlers.all;
    let reply: FakeReply | string;
    try {
      reply = queued ?? (handler ? await handler(recorded) : { status: 500, message: 'fake server: no scripted reply' });
    } catch (error) {
      reply = { status: 500, message: `fake server handler threw: ${(error as Error).message}` };
    }
    const r: FakeReply = typeof reply === 'string' ? { text: reply } : reply;
    if (r.hang) return; // the socket stays open until the client aborts or the server closes
    if (r.delayMs) await new Promise((resolve) => setTimeout(resolve, r.delayMs));
    if (r.status && r.status >= 400) {
      return send(res, r.status, errorBody(target.protocol, r.status, r.message ?? `fake error ${r.status}`), r.headers);
    }
    counter += 1;
    const text = r.text ?? '';
    const usage = r.usage ?? { inputTokens: Math.ceil(recorded.prompt.length / 4), outputTokens: Math.ceil(text.length / 4) };
    send(res, 200, successBody(target.protocol, recorded.model, text, usage, counter, r.truncated), r.headers);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    requests,
    env: () => ({
      ANTHROPIC_BASE_URL: url,
      OPENAI_BASE_URL: `${url}/v1`,
      GEMINI_BASE_URL: url,
      ...FAKE_KEYS,
    }),
    enqueue(protocol, ...replies) {
      queues[protocol].push(...replies);
    },
    handle(handler, protocol) {
      handlers[protocol ?? 'all'] = handler;
    },
    requestsFor: (protocol) => requests.filter((r) => r.protocol === protocol),
    reset() {
      requests.length = 0;
      for (const q of Object.values(queues)) q.length = 0;
      for (const key of Object.keys(handlers) as Array<keyof typeof handlers>) delete handlers[key];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
