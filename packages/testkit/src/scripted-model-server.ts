// A loopback model for driving real coding agents (Claude Code, Codex, Gemini CLI, Qwen Code, opencode)
// headless: it speaks the Anthropic Messages API, the OpenAI Responses and Chat Completions APIs and the
// Gemini API, streaming or not, answers each request with
// the next turn of a script (text, or tool calls), and records every request so a test can read
// the tool results the agent sent back.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { anthropicMessage, anthropicStreamEvents, anthropicToolResults, anthropicUserTexts } from './anthropic-stream.js';
import { chatCompletion, chatCompletionChunks, chatToolResults, chatUserTexts } from './chat-completions-stream.js';
import { FAKE_KEYS } from './fake-provider-server.js';
import { geminiResponse, geminiStreamChunks, geminiToolResults, geminiUserTexts } from './gemini-stream.js';
import { listenOnLoopback, readBody, sendDataEvents, sendJson, sendSse } from './loopback.js';
import { idMaker, SCRIPT_EXHAUSTED_TEXT, type ScriptedTurn, type ScriptStep, type ToolResult } from './model-script.js';
import { responsesResponse, responsesStreamEvents, responsesToolResults, responsesUserTexts } from './responses-stream.js';

export type ModelApi = 'anthropic-messages' | 'openai-responses' | 'openai-chat' | 'gemini';

export interface ModelRequest {
  /** Which API the path belongs to; `other` for a path the server does not speak (answered 404). */
  api: ModelApi | 'other';
  method: string;
  /** The path with its query string, e.g. `/v1/messages?beta=true`. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  /** Which script step answered it (0-based); null for side requests and overruns. */
  step: number | null;
  /**
   * The tool results in the request's conversation: Anthropic `tool_result`, Responses `*_call_output`,
   * Chat Completions `role: "tool"` messages, Gemini `functionResponse` parts.
   */
  toolResults: ToolResult[];
  /**
   * The text of each user message in the request's conversation (tool results excluded), in order:
   * where an agent puts what a hook tells the model, e.g. Claude Code's `Stop hook feedback:` after a
   * Stop block, or Codex's `<hook_prompt>`.
   */
  userTexts: string[];
  receivedAt: number;
}

export interface ScriptedModelServerOptions {
  script?: Array<ScriptStep<ModelRequest>>;
  /**
   * Which requests the script answers; the others (an agent's side calls, e.g. a title or a
   * summary) get `sideReply` and use up no step. Default: every request on a path the server speaks.
   */
  isScripted?: (request: ModelRequest) => boolean;
  /** The text of the answer to a side request (default `ok`). */
  sideReply?: string;
}

export interface ScriptedModelServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** Every request, in arrival order. */
  readonly requests: ModelRequest[];
  /** Appends steps to the script. */
  script(...steps: Array<ScriptStep<ModelRequest>>): void;
  /** Steps not used yet. */
  readonly remaining: number;
  /**
   * Drops the steps not used yet and returns how many there were: a test file that shares one server
   * between runs starts each run on an empty script, even after a run that ended early.
   */
  discardScript(): number;
  /** Scripted requests that came after the script ran out (answered with `SCRIPT_EXHAUSTED_TEXT`). */
  readonly overruns: number;
  /** The requests the script answered, in order. */
  scriptedRequests(): ModelRequest[];
  /** Base URLs and placeholder keys (`ANTHROPIC_*`, `OPENAI_*`, `GEMINI_API_KEY` and `GOOGLE_GEMINI_BASE_URL`). */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const ROUTES: Array<[RegExp, ModelApi]> = [
  [/\/v1\/messages$/, 'anthropic-messages'],
  [/\/responses$/, 'openai-responses'],
  [/\/chat\/completions$/, 'openai-chat'],
  [/\/models\/[^/]+:(stream)?[gG]enerateContent$/, 'gemini'],
];

function apiOf(method: string, path: string): ModelApi | 'other' {
  const clean = path.split('?')[0] ?? '';
  if (method !== 'POST') return 'other';
  return ROUTES.find(([pattern]) => pattern.test(clean))?.[1] ?? 'other';
}

function parseJson(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What the agent sent back: its tool results and the text of its user messages. */
function conversationOf(api: ModelApi | 'other', body: Record<string, unknown>): Pick<ModelRequest, 'toolResults' | 'userTexts'> {
  if (api === 'anthropic-messages') return { toolResults: anthropicToolResults(body), userTexts: anthropicUserTexts(body) };
  if (api === 'openai-responses') return { toolResults: responsesToolResults(body), userTexts: responsesUserTexts(body) };
  if (api === 'openai-chat') return { toolResults: chatToolResults(body), userTexts: chatUserTexts(body) };
  if (api === 'gemini') return { toolResults: geminiToolResults(body), userTexts: geminiUserTexts(body) };
  return { toolResults: [], userTexts: [] };
}

/** Hands out the script's steps in order; a side request gets the side reply and uses up none. */
function scriptPlayer(steps: Array<ScriptStep<ModelRequest>>, options: ScriptedModelServerOptions) {
  let used = 0;
  let overruns = 0;
  return {
    next(request: ModelRequest): ScriptedTurn {
      if (options.isScripted && !options.isScripted(request)) return { text: options.sideReply ?? 'ok' };
      const step = steps[used];
      if (step === undefined) {
        overruns += 1;
        return { text: SCRIPT_EXHAUSTED_TEXT };
      }
      request.step = used;
      used += 1;
      return typeof step === 'function' ? step(request) : step;
    },
    remaining: () => steps.length - used,
    discard: () => steps.splice(used).length,
    overruns: () => overruns,
  };
}

async function recordRequest(req: IncomingMessage): Promise<{ request: ModelRequest; raw: string }> {
  const method = req.method ?? 'GET';
  const path = req.url ?? '/';
  const raw = await readBody(req);
  const api = apiOf(method, path);
  const body = parseJson(raw);
  return { request: { api, method, path, headers: req.headers, body, step: null, ...conversationOf(api, body), receivedAt: Date.now() }, raw };
}

/** The turn on the request's own wire format, streamed when the request asked for a stream. */
function sendTurn(
  res: ServerResponse,
  api: ModelApi,
  request: ModelRequest,
  turn: ScriptedTurn,
  makeId: (prefix: string) => string,
  raw: string,
): void {
  const model = String(request.body.model ?? /\/models\/([^/:]+):/.exec(request.path)?.[1] ?? 'scripted-model');
  const inputTokens = Math.max(1, Math.ceil(raw.length / 4));
  const streaming = request.body.stream === true;
  if (api === 'gemini') {
    const response = geminiResponse(turn, model, makeId, inputTokens);
    // The Gemini API streams by path (`:streamGenerateContent?alt=sse`), not by a body field.
    if (request.path.includes(':streamGenerateContent')) sendDataEvents(res, geminiStreamChunks(response));
    else sendJson(res, 200, response);
    return;
  }
  if (api === 'openai-chat') {
    const completion = chatCompletion(turn, model, makeId, inputTokens);
    const includeUsage = (request.body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    if (streaming) sendDataEvents(res, [...chatCompletionChunks(completion, includeUsage), '[DONE]']);
    else sendJson(res, 200, completion);
    return;
  }
  if (api === 'anthropic-messages') {
    const message = anthropicMessage(turn, model, makeId, inputTokens);
    if (streaming) sendSse(res, anthropicStreamEvents(message));
    else sendJson(res, 200, message);
    return;
  }
  const response = responsesResponse(turn, model, makeId, inputTokens);
  if (streaming) sendSse(res, responsesStreamEvents(response));
  else sendJson(res, 200, response);
}

export async function startScriptedModelServer(options: ScriptedModelServerOptions = {}): Promise<ScriptedModelServer> {
  const steps: Array<ScriptStep<ModelRequest>> = [...(options.script ?? [])];
  const player = scriptPlayer(steps, options);
  const requests: ModelRequest[] = [];
  const makeId = idMaker();

  const server = await listenOnLoopback(async (req: IncomingMessage, res: ServerResponse) => {
    const { request, raw } = await recordRequest(req);
    requests.push(request);
    if (request.api === 'other') {
      return sendJson(res, 404, { error: { message: `scripted model: no route for ${request.method} ${request.path}` } });
    }
    sendTurn(res, request.api, request, player.next(request), makeId, raw);
  });

  return {
    url: server.url,
    requests,
    script: (...more) => void steps.push(...more),
    get remaining() {
      return player.remaining();
    },
    discardScript: () => player.discard(),
    get overruns() {
      return player.overruns();
    },
    scriptedRequests: () => requests.filter((request) => request.step !== null),
    env: () => ({
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: FAKE_KEYS.ANTHROPIC_API_KEY,
      OPENAI_BASE_URL: `${server.url}/v1`,
      OPENAI_API_KEY: FAKE_KEYS.OPENAI_API_KEY,
      GOOGLE_GEMINI_BASE_URL: server.url,
      GEMINI_API_KEY: FAKE_KEYS.GEMINI_API_KEY,
    }),
    close: server.close,
  };
}
