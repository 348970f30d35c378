// OpenAI Responses on the wire for a scripted turn: the whole response (for `stream: false`), the
// SSE events a streaming client (the openai SDK, Codex) accumulates into that same response, and
// the tool outputs an agent sends back in its next request. Pure functions.

import { contentText, splitIntoChunks, type ScriptedToolCall, type ScriptedTurn, type SseEvent, type ToolResult } from './model-script.js';

type Json = Record<string, unknown>;

function callItem(call: ScriptedToolCall, makeId: (prefix: string) => string): Json {
  const namespace = call.namespace === undefined ? {} : { namespace: call.namespace };
  const callId = call.id ?? makeId('call');
  if (typeof call.input === 'string') {
    const id = makeId('ctc');
    return { id, type: 'custom_tool_call', status: 'completed', call_id: callId, ...namespace, name: call.name, input: call.input };
  }
  return {
    id: makeId('fc'),
    type: 'function_call',
    status: 'completed',
    call_id: callId,
    ...namespace,
    name: call.name,
    arguments: JSON.stringify(call.input),
  };
}

/** The complete response for a turn: a message item for the text, then one item per tool call. */
export function responsesResponse(turn: ScriptedTurn, model: string, makeId: (prefix: string) => string, inputTokens: number): Json {
  const output: Json[] = [];
  if (turn.text !== undefined) {
    output.push({
      id: makeId('msg'),
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: turn.text, annotations: [], logprobs: [] }],
    });
  }
  for (const call of turn.toolCalls ?? []) output.push(callItem(call, makeId));
  const outputTokens = Math.max(1, Math.ceil(JSON.stringify(output).length / 4));
  return {
    id: makeId('resp'),
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'completed',
    model,
    output,
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    parallel_tool_calls: true,
    temperature: null,
    tool_choice: 'auto',
    tools: [],
    top_p: null,
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: inputTokens + outputTokens,
    },
  };
}

/** The events between `output_item.added` and `output_item.done` that stream one item's content. */
function itemDeltaEvents(item: Json, outputIndex: number): Array<[string, Json]> {
  const at = { item_id: item.id, output_index: outputIndex };
  if (item.type === 'message') {
    const text = contentText(item.content);
    const part = { type: 'output_text', text: '', annotations: [], logprobs: [] };
    return [
      ['response.content_part.added', { ...at, content_index: 0, part }],
      ...splitIntoChunks(text).map((delta): [string, Json] => ['response.output_text.delta', { ...at, content_index: 0, delta, logprobs: [] }]),
      ['response.output_text.done', { ...at, content_index: 0, text, logprobs: [] }],
      ['response.content_part.done', { ...at, content_index: 0, part: { ...part, text } }],
    ];
  }
  const [kind, field] = item.type === 'function_call' ? ['function_call_arguments', 'arguments'] : ['custom_tool_call_input', 'input'];
  const full = String(item[field]);
  return [
    ...splitIntoChunks(full).map((delta): [string, Json] => [`response.${kind}.delta`, { ...at, delta }]),
    [`response.${kind}.done`, { ...at, [field]: full }],
  ];
}

function startedItem(item: Json): Json {
  if (item.type === 'message') return { ...item, status: 'in_progress', content: [] };
  if (item.type === 'function_call') return { ...item, status: 'in_progress', arguments: '' };
  return { ...item, status: 'in_progress', input: '' };
}

/** The SSE events of a streamed response, each with its `sequence_number`, as the real API sends them. */
export function responsesStreamEvents(response: Json): SseEvent[] {
  const output = response.output as Json[];
  const started = { ...response, status: 'in_progress', output: [], usage: null };
  const events: Array<[string, Json]> = [
    ['response.created', { response: started }],
    ['response.in_progress', { response: started }],
    ...output.flatMap((item, index): Array<[string, Json]> => [
      ['response.output_item.added', { output_index: index, item: startedItem(item) }],
      ...itemDeltaEvents(item, index),
      ['response.output_item.done', { output_index: index, item }],
    ]),
    ['response.completed', { response }],
  ];
  return events.map(([type, data], sequence) => ({ event: type, data: { type, ...data, sequence_number: sequence } }));
}

/** Every `function_call_output` and `custom_tool_call_output` in the request's input, in order. */
export function responsesToolResults(body: Json): ToolResult[] {
  const input = Array.isArray(body.input) ? (body.input as Json[]) : [];
  return input
    .filter((item) => item?.type === 'function_call_output' || item?.type === 'custom_tool_call_output')
    .map((item) => ({ callId: String(item.call_id), output: contentText(item.output) }));
}

/** The text of each user message in the request's input that has any (its text parts), in order. */
export function responsesUserTexts(body: Json): string[] {
  if (typeof body.input === 'string') return body.input === '' ? [] : [body.input];
  const input = Array.isArray(body.input) ? (body.input as Json[]) : [];
  return input
    .filter((item) => item?.role === 'user' && (item.type === undefined || item.type === 'message'))
    .map((item) => contentText(item.content))
    .filter((text) => text !== '');
}
