// OpenAI Chat Completions on the wire for a scripted turn: the whole completion (for `stream: false`),
// the `chat.completion.chunk` events a streaming client accumulates into it (ended by `[DONE]`), and
// the tool messages an agent (Qwen Code, opencode) sends back in its next request. Pure functions.

import { contentText, splitIntoChunks, type ScriptedTurn, type ToolResult } from './model-script.js';

type Json = Record<string, unknown>;

interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The complete `chat.completion` for a turn; a string tool input is sent as `{ "input": … }` arguments. */
export function chatCompletion(turn: ScriptedTurn, model: string, makeId: (prefix: string) => string, inputTokens: number): Json {
  const toolCalls: ChatToolCall[] = (turn.toolCalls ?? []).map((call) => ({
    id: call.id ?? makeId('call'),
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(typeof call.input === 'string' ? { input: call.input } : call.input) },
  }));
  const message = { role: 'assistant', content: turn.text ?? null, refusal: null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
  const outputTokens = Math.max(1, Math.ceil(JSON.stringify(message).length / 4));
  return {
    id: makeId('chatcmpl'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: toolCalls.length ? 'tool_calls' : 'stop', logprobs: null }],
    usage: { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
  };
}

/**
 * The chunks of a streamed completion, as the real API sends them: the role, the text in pieces, each
 * tool call's id and name and then its arguments in pieces, the finish reason, and (when the request
 * asked with `stream_options.include_usage`) a last chunk with the usage and no choices.
 */
export function chatCompletionChunks(completion: Json, includeUsage: boolean): Json[] {
  const choice = (completion.choices as Json[])[0]!;
  const message = choice.message as { content: string | null; tool_calls?: ChatToolCall[] };
  const head = { id: completion.id, object: 'chat.completion.chunk', created: completion.created, model: completion.model };
  const chunk = (delta: Json, finishReason: string | null = null): Json => ({ ...head, choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }] });
  const chunks: Json[] = [chunk({ role: 'assistant', content: '' })];
  for (const text of splitIntoChunks(message.content ?? '')) chunks.push(chunk({ content: text }));
  (message.tool_calls ?? []).forEach((call, index) => {
    chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }));
    for (const piece of splitIntoChunks(call.function.arguments)) chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  chunks.push(chunk({}, String(choice.finish_reason)));
  if (includeUsage) chunks.push({ ...head, choices: [], usage: completion.usage });
  return chunks;
}

/** Every `role: "tool"` message in the request, in order. */
export function chatToolResults(body: Json): ToolResult[] {
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  return messages.filter((m) => m?.role === 'tool').map((m) => ({ callId: String(m.tool_call_id), output: contentText(m.content) }));
}

/** The text of each user message that has any, in order. */
export function chatUserTexts(body: Json): string[] {
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  return messages
    .filter((m) => m?.role === 'user')
    .map((m) => contentText(m.content))
    .filter((text) => text !== '');
}
