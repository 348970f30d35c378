// The Gemini API (generateContent / streamGenerateContent) on the wire for a scripted turn: the whole
// response, the chunks `?alt=sse` streams (data-only server-sent events, as @google/genai reads them),
// and the function responses an agent (Gemini CLI) sends back in its next request. Pure functions.

import { contentText, splitIntoChunks, type ScriptedTurn, type ToolResult } from './model-script.js';

type Json = Record<string, unknown>;

/** The tool name and its arguments object; a string input is sent as `{ input }`, as the Messages fake does. */
function functionCallPart(call: NonNullable<ScriptedTurn['toolCalls']>[number], makeId: (prefix: string) => string): Json {
  const args = typeof call.input === 'string' ? { input: call.input } : call.input;
  return { functionCall: { id: call.id ?? makeId('fc'), name: call.name, args } };
}

function usage(inputTokens: number, outputTokens: number): Json {
  return { promptTokenCount: inputTokens, candidatesTokenCount: outputTokens, totalTokenCount: inputTokens + outputTokens };
}

/** The complete `GenerateContentResponse` for a turn: a text part, then one `functionCall` part per call. */
export function geminiResponse(turn: ScriptedTurn, model: string, makeId: (prefix: string) => string, inputTokens: number): Json {
  const parts: Json[] = [];
  if (turn.text !== undefined) parts.push({ text: turn.text });
  for (const call of turn.toolCalls ?? []) parts.push(functionCallPart(call, makeId));
  const outputTokens = Math.max(1, Math.ceil(JSON.stringify(parts).length / 4));
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: usage(inputTokens, outputTokens),
    modelVersion: model,
    responseId: makeId('resp'),
  };
}

/**
 * The chunks of a streamed response: the text in pieces, each function call whole (the API never
 * splits a call's arguments), and the finish reason and usage on the last chunk.
 */
export function geminiStreamChunks(response: Json): Json[] {
  const candidate = (response.candidates as Json[])[0]!;
  const parts = (candidate.content as { parts: Json[] }).parts;
  const pieces = parts.flatMap((part) => (typeof part.text === 'string' ? splitIntoChunks(part.text).map((text) => ({ text })) : [part]));
  const chunk = (partsOfChunk: Json[], last: boolean): Json => ({
    candidates: [{ content: { role: 'model', parts: partsOfChunk }, index: 0, ...(last ? { finishReason: candidate.finishReason } : {}) }],
    ...(last ? { usageMetadata: response.usageMetadata } : {}),
    modelVersion: response.modelVersion,
    responseId: response.responseId,
  });
  if (pieces.length === 0) return [chunk([], true)];
  return pieces.map((piece, index) => chunk([piece], index === pieces.length - 1));
}

function responseText(response: unknown): { output: string; isError: boolean } {
  if (response && typeof response === 'object') {
    const { output, error } = response as Json;
    if (typeof error === 'string' || (error && typeof error === 'object')) return { output: typeof error === 'string' ? error : JSON.stringify(error), isError: true };
    if (typeof output === 'string') return { output, isError: false };
  }
  return { output: typeof response === 'string' ? response : JSON.stringify(response ?? null), isError: false };
}

const partsOf = (content: Json): Json[] => (Array.isArray(content?.parts) ? (content.parts as Json[]) : []);

/** Every `functionResponse` part in the request's contents, in order (`isError` when it carries an `error`). */
export function geminiToolResults(body: Json): ToolResult[] {
  const contents = Array.isArray(body.contents) ? (body.contents as Json[]) : [];
  return contents
    .flatMap(partsOf)
    .map((part) => part?.functionResponse as Json | undefined)
    .filter((fr): fr is Json => fr !== undefined && fr !== null)
    .map((fr) => {
      const { output, isError } = responseText(fr.response);
      return { callId: String(fr.id ?? fr.name), output, ...(isError ? { isError } : {}) };
    });
}

/** The text of each user content that has any (its text parts; function responses are not text), in order. */
export function geminiUserTexts(body: Json): string[] {
  const contents = Array.isArray(body.contents) ? (body.contents as Json[]) : [];
  return contents
    .filter((content) => content?.role === 'user')
    .map((content) => contentText(partsOf(content).filter((part) => typeof part?.text === 'string')))
    .filter((text) => text !== '');
}
