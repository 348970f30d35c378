import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  callTool,
  say,
  SCRIPT_EXHAUSTED_TEXT,
  startScriptedModelServer,
  type ScriptedModelServer,
} from '../src/index.js';
import { splitIntoChunks } from '../src/model-script.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(() => server.close());

const anthropic = () => new Anthropic({ apiKey: server.env().ANTHROPIC_API_KEY, baseURL: server.env().ANTHROPIC_BASE_URL, maxRetries: 0 });
const openai = () => new OpenAI({ apiKey: server.env().OPENAI_API_KEY, baseURL: server.env().OPENAI_BASE_URL, maxRetries: 0 });

const WRITE_INPUT = { file_path: '/repo/src/a.ts', content: 'export const a = 1;\n' };

describe('Anthropic Messages, through the real SDK', () => {
  it('streams text and a tool_use whose input arrives in several input_json_delta pieces', async () => {
    server.script(callTool('Write', WRITE_INPUT, { text: 'Writing the file.', id: 'toolu_script_1' }));
    const stream = anthropic().messages.stream({ model: 'claude-x', max_tokens: 100, messages: [{ role: 'user', content: 'go' }] });
    const pieces: string[] = [];
    stream.on('streamEvent', (event) => {
      if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') pieces.push(event.delta.partial_json);
    });
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe('tool_use');
    expect(message.model).toBe('claude-x');
    expect(message.content).toEqual([
      { type: 'text', text: 'Writing the file.' },
      { type: 'tool_use', id: 'toolu_script_1', name: 'Write', input: WRITE_INPUT },
    ]);
    expect(pieces.length).toBeGreaterThan(1);
    expect(server.requests[0]).toMatchObject({ api: 'anthropic-messages', step: 0, toolResults: [] });
  });

  it("reads the agent's tool_result (with is_error) from the next request, and ends the turn on text", async () => {
    server.script(callTool('Bash', { command: 'ls' }, { id: 'toolu_a' }), say('All done.'));
    const client = anthropic();
    const first = await client.messages.stream({ model: 'm', max_tokens: 50, messages: [{ role: 'user', content: 'go' }] }).finalMessage();
    const second = await client.messages
      .stream({
        model: 'm',
        max_tokens: 50,
        messages: [
          { role: 'user', content: 'go' },
          { role: 'assistant', content: first.content },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: [{ type: 'text', text: 'denied: no red test' }], is_error: true }] },
        ],
      })
      .finalMessage();
    expect(second).toMatchObject({ stop_reason: 'end_turn', content: [{ type: 'text', text: 'All done.' }] });
    expect(server.requests[1]!.toolResults).toEqual([{ callId: 'toolu_a', output: 'denied: no red test', isError: true }]);
    expect(server.remaining).toBe(0);
  });

  it('reads the text of each user message, tool results left out (where a Stop hook\'s feedback arrives)', async () => {
    server.script(say('one'));
    await anthropic().messages.create({
      model: 'm',
      max_tokens: 5,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'the prompt' }, { type: 'text', text: ' and more' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_u', name: 'Bash', input: { command: 'ls' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_u', content: 'a.txt' }] },
        { role: 'assistant', content: 'Done.' },
        { role: 'user', content: 'Stop hook feedback:\nrun the tests' },
      ],
    });
    expect(server.requests[0]!.userTexts).toEqual(['the prompt and more', 'Stop hook feedback:\nrun the tests']);
    expect(server.requests[0]!.toolResults).toEqual([{ callId: 'toolu_u', output: 'a.txt' }]);
  });

  it('answers a non-streaming request with the same message', async () => {
    server.script(callTool('Write', WRITE_INPUT, { id: 'toolu_b' }));
    const message = await anthropic().messages.create({ model: 'm', max_tokens: 50, messages: [{ role: 'user', content: 'go' }] });
    expect(message).toMatchObject({ stop_reason: 'tool_use', content: [{ type: 'tool_use', id: 'toolu_b', name: 'Write', input: WRITE_INPUT }] });
  });
});

describe('OpenAI Responses, through the real SDK', () => {
  const PATCH = '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch\n';

  it('streams a function_call (JSON arguments) and a custom_tool_call (freeform input, with its namespace)', async () => {
    server.script({
      text: 'Two calls.',
      toolCalls: [
        { name: 'exec_command', input: { cmd: 'ls' }, id: 'call_1' },
        { name: 'exec', input: PATCH, id: 'call_2', namespace: 'functions' },
      ],
    });
    const stream = openai().responses.stream({ model: 'gpt-x', input: 'go' });
    const argumentPieces: string[] = [];
    stream.on('response.function_call_arguments.delta', (event) => argumentPieces.push(event.delta));
    const response = await stream.finalResponse();
    expect(response.status).toBe('completed');
    expect(response.output_text).toBe('Two calls.');
    expect(response.output[1]).toMatchObject({ type: 'function_call', call_id: 'call_1', name: 'exec_command', arguments: '{"cmd":"ls"}' });
    expect(response.output[2]).toMatchObject({ type: 'custom_tool_call', call_id: 'call_2', name: 'exec', namespace: 'functions', input: PATCH });
    expect(argumentPieces.join('')).toBe('{"cmd":"ls"}');
    expect(argumentPieces.length).toBeGreaterThan(1);
  });

  it("reads function_call_output and custom_tool_call_output from the agent's next request", async () => {
    server.script(callTool('apply_patch', PATCH, { id: 'call_p' }), say('Done.'));
    const client = openai();
    const first = await client.responses.stream({ model: 'gpt-x', input: 'go' }).finalResponse();
    expect(first.output[0]).toMatchObject({ type: 'custom_tool_call', name: 'apply_patch', input: PATCH });
    const second = await client.responses
      .stream({
        model: 'gpt-x',
        input: [
          { role: 'user', content: 'go' },
          { type: 'custom_tool_call_output', call_id: 'call_p', output: 'Command blocked by PreToolUse hook: no red test' },
          { type: 'function_call_output', call_id: 'call_q', output: [{ type: 'input_text', text: 'exit 0' }] },
        ],
      })
      .finalResponse();
    expect(second.output_text).toBe('Done.');
    expect(server.requests[1]!.toolResults).toEqual([
      { callId: 'call_p', output: 'Command blocked by PreToolUse hook: no red test' },
      { callId: 'call_q', output: 'exit 0' },
    ]);
  });

  it('reads the text of each user message in the input, whatever else the input holds', async () => {
    server.script(say('one'), say('two'));
    const client = openai();
    await client.responses.create({ model: 'gpt-x', input: 'just a prompt' });
    await client.responses.create({
      model: 'gpt-x',
      input: [
        { role: 'developer', content: 'rules' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'the prompt' }] },
        { type: 'function_call_output', call_id: 'call_u', output: 'exit 0' },
        { role: 'user', content: '<hook_prompt hook_run_id="stop:1">run the tests</hook_prompt>' },
      ],
    });
    expect(server.requests.map((r) => r.userTexts)).toEqual([
      ['just a prompt'],
      ['the prompt', '<hook_prompt hook_run_id="stop:1">run the tests</hook_prompt>'],
    ]);
  });

  it('answers a non-streaming request with the same response', async () => {
    server.script(callTool('exec_command', { cmd: 'pwd' }, { id: 'call_np' }));
    const response = await openai().responses.create({ model: 'gpt-x', input: 'go' });
    expect(response.output[0]).toMatchObject({ type: 'function_call', call_id: 'call_np', arguments: '{"cmd":"pwd"}' });
  });
});

describe('the script', () => {
  it('lets a step decide from the request it answers', async () => {
    server.script(callTool('Bash', { command: 'ls' }, { id: 'toolu_c' }), (request) =>
      say(`saw ${request.toolResults.map((r) => r.output).join(',')}`),
    );
    const client = anthropic();
    await client.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'go' }] });
    const reply = await client.messages.create({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_c', content: 'a.txt' }] }],
    });
    expect(reply.content).toEqual([{ type: 'text', text: 'saw a.txt' }]);
  });

  it('ends the turn with a marker text once the script has run out, and counts the overrun', async () => {
    server.script(say('only turn'));
    const client = anthropic();
    await client.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'one' }] });
    const extra = await client.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'two' }] });
    expect(extra).toMatchObject({ stop_reason: 'end_turn', content: [{ type: 'text', text: SCRIPT_EXHAUSTED_TEXT }] });
    expect(server.overruns).toBe(1);
    expect(server.scriptedRequests()).toHaveLength(1);
  });

  it('drops the steps not used yet, so a shared server starts the next run on an empty script', async () => {
    server.script(say('used'), say('left 1'), say('left 2'));
    const client = anthropic();
    await client.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'one' }] });
    expect(server.discardScript()).toBe(2);
    expect(server.remaining).toBe(0);
    const extra = await client.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'two' }] });
    expect(extra.content).toEqual([{ type: 'text', text: SCRIPT_EXHAUSTED_TEXT }]);
    server.script(say('next run'));
    const next = await client.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'three' }] });
    expect(next.content).toEqual([{ type: 'text', text: 'next run' }]);
    expect(server.discardScript()).toBe(0);
  });

  it('answers side requests without using up a step', async () => {
    const sided = await startScriptedModelServer({
      script: [say('scripted')],
      isScripted: (request) => Array.isArray(request.body.tools),
      sideReply: 'a title',
    });
    const client = new Anthropic({ apiKey: 'k', baseURL: sided.url, maxRetries: 0 });
    const side = await client.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'title?' }] });
    const main = await client.messages.create({ model: 'm', max_tokens: 5, tools: [], messages: [{ role: 'user', content: 'go' }] });
    await sided.close();
    expect(side.content).toEqual([{ type: 'text', text: 'a title' }]);
    expect(main.content).toEqual([{ type: 'text', text: 'scripted' }]);
    expect(sided.requests.map((r) => r.step)).toEqual([null, 0]);
  });

  it('records a path it does not speak and answers 404', async () => {
    const response = await fetch(`${server.url}/v1/models`);
    expect(response.status).toBe(404);
    expect(server.requests[0]).toMatchObject({ api: 'other', method: 'GET', path: '/v1/models', step: null });
  });
});

describe('splitIntoChunks', () => {
  it.each([
    ['', 3, []],
    ['ab', 3, ['a', 'b']],
    ['abcdef', 3, ['ab', 'cd', 'ef']],
    ['abcdefg', 3, ['abc', 'def', 'g']],
    ['abc', 1, ['abc']],
  ])('%j in %i parts', (text, parts, expected) => {
    expect(splitIntoChunks(text, parts)).toEqual(expected);
  });
});
