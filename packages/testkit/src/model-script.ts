// What a scripted model says, turn by turn: plain text, or tool calls (with optional text before
// them). Both scripted wire formats (Anthropic Messages, OpenAI Responses) render these turns, so a
// test writes its script once, whatever agent it drives.

/** One tool call the model makes. */
export interface ScriptedToolCall {
  /** The tool's name as the agent declared it (`Write`, `Bash`, `exec_command`, `apply_patch`, ...). */
  name: string;
  /**
   * An object is sent as JSON arguments (Anthropic `tool_use.input`, Responses `function_call`);
   * a string is sent as a freeform call (Responses `custom_tool_call.input`, e.g. Codex's
   * `apply_patch` or code-mode `exec`).
   */
  input: Record<string, unknown> | string;
  /** The call id; a unique one is made up when absent. */
  id?: string;
  /** Responses API only: the namespace of a namespaced tool (e.g. Codex code mode's `functions`). */
  namespace?: string;
}

/** One answer of the model: text, tool calls, or both (the text comes first). */
export interface ScriptedTurn {
  text?: string;
  toolCalls?: ScriptedToolCall[];
}

/** A turn, or a function that decides the turn from the request it answers (and its tool results). */
export type ScriptStep<Request> = ScriptedTurn | ((request: Request) => ScriptedTurn);

/** The model answers with text and ends its turn. */
export function say(text: string): ScriptedTurn {
  return { text };
}

/** The model calls one tool (optionally saying something first) and waits for its result. */
export function callTool(
  name: string,
  input: ScriptedToolCall['input'],
  options: { id?: string; namespace?: string; text?: string } = {},
): ScriptedTurn {
  const { text, ...call } = options;
  return { ...(text === undefined ? {} : { text }), toolCalls: [{ name, input, ...call }] };
}

/** The text a model says when a test's script has run out, so the agent ends instead of hanging. */
export const SCRIPT_EXHAUSTED_TEXT = '[scripted model: the script has no turn left]';

/**
 * Splits a string into at most `parts` pieces of about equal length, so streamed deltas exercise
 * the client's accumulation (a real model never sends a tool input in one piece).
 */
export function splitIntoChunks(text: string, parts = 3): string[] {
  if (text.length === 0) return [];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
  return chunks;
}

/** Counters for ids that look like the real ones (`toolu_…`, `call_…`) and never repeat within a server. */
export function idMaker(): (prefix: string) => string {
  let counter = 0;
  return (prefix) => `${prefix}_fake_${String(++counter).padStart(4, '0')}`;
}

/** One server-sent event: its `event:` name and its JSON `data:`. */
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** What an agent sent back for one tool call, read from its next request. */
export interface ToolResult {
  callId: string;
  /** The result's text (text parts joined). */
  output: string;
  /** Anthropic's `is_error` (Claude Code sends a hook's deny this way); absent in the Responses API. */
  isError?: boolean;
}

/** Text of a content value: a string, or the text parts of a list of content blocks. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      if (typeof part === 'string') return part;
      const text = (part as Record<string, unknown> | null)?.text;
      return typeof text === 'string' ? text : '';
    })
    .join('');
}
