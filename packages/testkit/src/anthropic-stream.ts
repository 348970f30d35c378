// Anthropic Messages on the wire for a scripted turn: the whole message (for `stream: false`), the
// SSE events a streaming client accumulates into that same message, and the tool results an agent
// sends back in its next request. Pure functions; the scripted server sends what they return.

import { contentText, splitIntoChunks, type ScriptedTurn, type SseEvent, type ToolResult } from './model-script.js';

type Json = Record<string, unknown>;

type ContentBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

/** The complete assistant message for a turn; tool inputs given as strings are sent as `{ input }`. */
export function anthropicMessage(turn: ScriptedTurn, model: string, makeId: (prefix: string) => string, inputTokens: number): Json {
  const content: ContentBlock[] = [];
  if (turn.text !== undefined) content.push({ type: 'text', text: turn.text });
  for (const call of turn.toolCalls ?? []) {
    const input = typeof call.input === 'string' ? { input: call.input } : call.input;
    content.push({ type: 'tool_use', id: call.id ?? makeId('toolu'), name: call.name, input });
  }
  const outputTokens = Math.max(1, Math.ceil(JSON.stringify(content).length / 4));
  return {
    id: makeId('msg'),
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: turn.toolCalls?.length ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: inputTokens, output_tokens: outputTokens },
  };
}

function blockEvents(block: ContentBlock, index: number): SseEvent[] {
  const start: Json =
    block.type === 'text' ? { type: 'text', text: '' } : { type: 'tool_use', id: block.id, name: block.name, input: {} };
  const deltas =
    block.type === 'text'
      ? splitIntoChunks(block.text).map((text) => ({ type: 'text_delta', text }))
      : splitIntoChunks(JSON.stringify(block.input)).map((partial_json) => ({ type: 'input_json_delta', partial_json }));
  return [
    { event: 'content_block_start', data: { type: 'content_block_start', index, content_block: start } },
    ...deltas.map((delta) => ({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta } })),
    { event: 'content_block_stop', data: { type: 'content_block_stop', index } },
  ];
}

/** The SSE events of a streamed message, in the order the real API sends them. */
export function anthropicStreamEvents(message: Json): SseEvent[] {
  const usage = message.usage as { input_tokens: number; output_tokens: number };
  const blocks = message.content as ContentBlock[];
  return [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: { ...message, content: [], stop_reason: null, usage: { input_tokens: usage.input_tokens, output_tokens: 1 } },
      },
    },
    { event: 'ping', data: { type: 'ping' } },
    ...blocks.flatMap((block, index) => blockEvents(block, index)),
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: message.stop_reason, stop_sequence: null },
        usage: { output_tokens: usage.output_tokens },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ];
}

/** Every `tool_result` in the request's conversation, in order. */
export function anthropicToolResults(body: Json): ToolResult[] {
  const messages = (body.messages as Json[] | undefined) ?? [];
  return messages
    .filter((message) => message.role === 'user' && Array.isArray(message.content))
    .flatMap((message) => message.content as Json[])
    .filter((block) => block?.type === 'tool_result')
    .map((block) => ({
      callId: String(block.tool_use_id),
      output: contentText(block.content),
      ...(block.is_error === undefined ? {} : { isError: Boolean(block.is_error) }),
    }));
}

/** The text of each user message that has any (a string, or its text blocks; tool results are not text), in order. */
export function anthropicUserTexts(body: Json): string[] {
  const messages = (body.messages as Json[] | undefined) ?? [];
  return messages
    .filter((message) => message?.role === 'user')
    .map((message) => contentText(message.content))
    .filter((text) => text !== '');
}
