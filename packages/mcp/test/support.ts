// The tests' client: the MCP SDK's own Client over stdio, against the BUILT server (bin/adlc-mcp.js, which imports dist/cli.js), with
// an environment cleaned of real keys plus the loopback fake providers' base URLs and placeholder keys.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema, type CallToolResult, type Progress, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { cleanEnv } from '@adlc/testkit';
import { pathToFileURL } from 'node:url';

export const BIN = fileURLToPath(new URL('../bin/adlc-mcp.js', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(BUNDLE)) throw new Error(`build first: ${BUNDLE} is missing (npx -y pnpm@10 --filter @adlc/mcp run build)`);

export interface TestClient {
  client: Client;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  /** Calls a tool; the structured result is checked against the tool's outputSchema by the caller. */
  call(name: string, args: Record<string, unknown>, options?: { onprogress?: (p: Progress) => void; signal?: AbortSignal }): Promise<CallToolResult>;
  tools(): Promise<Tool[]>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** The server's working directory (its start directory). */
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Directories the client declares as MCP roots; omitted: the client has no roots capability. */
  roots?: string[];
}

export async function startClient(options: StartOptions): Promise<TestClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    cwd: options.cwd,
    env: cleanEnv({ ADLC_RETRY_BASE_MS: '1', ...options.env }) as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'adlc-mcp-test', version: '0.0.0' }, options.roots ? { capabilities: { roots: { listChanged: true } } } : {});
  if (options.roots) {
    const roots = options.roots;
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((dir) => ({ uri: pathToFileURL(dir).href, name: dir })) }));
  }
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    call: async (name, args, callOptions = {}) =>
      (await client.callTool({ name, arguments: args }, undefined, {
        timeout: 120_000,
        ...(callOptions.onprogress ? { onprogress: callOptions.onprogress } : {}),
        ...(callOptions.signal ? { signal: callOptions.signal } : {}),
      })) as CallToolResult,
    tools: async () => (await client.listTools()).tools,
    close: () => client.close(),
  };
}

/** Validates a result's structuredContent against the outputSchema tools/list gave for the tool. */
export function outputValidator(tools: Tool[]): (name: string, result: CallToolResult) => void {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validators = new Map(tools.map((t) => [t.name, ajv.compile(t.outputSchema ?? {})]));
  return (name, result) => {
    if (result.isError) throw new Error(`${name} answered an error: ${JSON.stringify(result.content)}`);
    const validate = validators.get(name);
    if (!validate) throw new Error(`no tool ${name}`);
    if (!validate(result.structuredContent)) throw new Error(`${name}: structuredContent does not match outputSchema: ${ajv.errorsText(validate.errors)}`);
  };
}

/** The {"error": ...} document of an isError result. */
export function errorOf(result: CallToolResult): { message: string; hint?: string; exitCode: number } {
  if (!result.isError) throw new Error(`expected an error, got ${JSON.stringify(result.structuredContent).slice(0, 500)}`);
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('no text content');
  return (JSON.parse(first.text) as { error: { message: string; hint?: string; exitCode: number } }).error;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}
