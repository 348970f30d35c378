// The scripted model's Gemini API and OpenAI Chat Completions, through the real SDKs: what Gemini
// CLI (@google/genai) and Qwen Code / opencode (Chat Completions clients) accumulate from the stream.

import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callTool, say, startScriptedModelServer, type ScriptedModelServer } from '../src/index.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(() => server.close());

const genai = () => new GoogleGenAI({ apiKey: server.env().GEMINI_API_KEY, httpOptions: { baseUrl: server.env().GOOGLE_GEMINI_BASE_URL } });
const openai = () => new OpenAI({ apiKey: server.env().OPENAI_API_KEY, baseURL: server.env().OPENAI_BASE_URL, maxRetries: 0 });

const EDIT = { file_path: '/repo/src/a.ts', old_string: 'a = 1', new_string: 'a = 2' };

describe('Gemini API, through @google/genai', () => {
  it('streams text in pieces and a whole functionCall with its id, on :streamGenerateContent?alt=sse', async () => {
    server.script(callTool('replace', EDIT, { text: 'Editing the file.', id: 'g_call_1' }));
    const stream = await genai().models.generateContentStream({ model: 'gemini-x', contents: 'go' });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(2);
    const parts = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []);
    expect(parts.map((part) => part.text ?? '').join('')).toBe('Editing the file.');
    expect(chunks.flatMap((c) => c.functionCalls ?? [])).toEqual([{ id: 'g_call_1', name: 'replace', args: EDIT }]);
    expect(chunks.at(-1)!.candidates![0]!.finishReason).toBe('STOP');
    expect(server.requests[0]).toMatchObject({ api: 'gemini', path: '/v1beta/models/gemini-x:streamGenerateContent?alt=sse', step: 0 });
  });

  it("reads the functionResponse parts (an error as isError) and the user's text parts from the next request", async () => {
    server.script(say('Understood.'));
    const reply = await genai().models.generateContent({
      model: 'gemini-x',
      contents: [
        { role: 'user', parts: [{ text: 'the prompt' }] },
        { role: 'model', parts: [{ functionCall: { id: 'g_a', name: 'replace', args: EDIT } }, { functionCall: { id: 'g_b', name: 'read_file', args: {} } }] },
        {
          role: 'user',
          parts: [
            { functionResponse: { id: 'g_a', name: 'replace', response: { error: 'Tool execution blocked: no red test' } } },
            { functionResponse: { id: 'g_b', name: 'read_file', response: { output: 'a = 1' } } },
          ],
        },
        { role: 'model', parts: [{ text: 'Done.' }] },
        { role: 'user', parts: [{ text: 'tdd-kernel reverted this turn' }] },
      ],
    });
    expect(reply.text).toBe('Understood.');
    expect(server.requests[0]).toMatchObject({
      path: '/v1beta/models/gemini-x:generateContent',
      toolResults: [
        { callId: 'g_a', output: 'Tool execution blocked: no red test', isError: true },
        { callId: 'g_b', output: 'a = 1' },
      ],
      userTexts: ['the prompt', 'tdd-kernel reverted this turn'],
    });
  });
});

describe('OpenAI Chat Completions, through the openai SDK', () => {
  it('streams text and a tool call whose arguments arrive in several pieces, then the usage chunk it asked for', async () => {
    server.script(callTool('edit', EDIT, { text: 'Editing.', id: 'call_c1' }));
    const stream = openai().chat.completions.stream({
      model: 'qwen-x',
      messages: [{ role: 'user', content: 'go' }],
      stream_options: { include_usage: true },
    });
    const argumentPieces: string[] = [];
    stream.on('tool_calls.function.arguments.delta', (event) => argumentPieces.push(event.arguments_delta));
    const completion = await stream.finalChatCompletion();
    expect(completion.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: { role: 'assistant', content: 'Editing.', tool_calls: [{ id: 'call_c1', type: 'function', function: { name: 'edit', arguments: JSON.stringify(EDIT) } }] },
    });
    expect(argumentPieces.length).toBeGreaterThan(1);
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    expect(server.requests[0]).toMatchObject({ api: 'openai-chat', path: '/v1/chat/completions', step: 0 });
  });

  it("reads the tool messages and the user messages' text from the next request; answers a non-streaming request too", async () => {
    server.script(say('Fixed.'));
    const reply = await openai().chat.completions.create({
      model: 'qwen-x',
      messages: [
        { role: 'system', content: 'rules' },
        { role: 'user', content: [{ type: 'text', text: 'the prompt' }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_x', type: 'function', function: { name: 'edit', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_x', content: 'tdd-kernel refused the edit' },
        { role: 'user', content: 'tdd-kernel reverted this turn' },
      ],
    });
    expect(reply.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: 'Fixed.' } });
    expect(server.requests[0]).toMatchObject({
      toolResults: [{ callId: 'call_x', output: 'tdd-kernel refused the edit' }],
      userTexts: ['the prompt', 'tdd-kernel reverted this turn'],
    });
  });
});
