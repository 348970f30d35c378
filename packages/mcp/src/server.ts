// The MCP server: the eleven tools, each call checked against the client's roots, one writer per
// repository, and the client's roots asked again when it says they changed.
//
// Start-up is only what answering `initialize` needs: the SDK's protocol layer. tools/list answers
// with the list the build wrote (dist/tools-list.json, the tools' zod schemas converted as the SDK
// converts them, see tools-list.ts), so no tool schema is built to list them; a tool's module, with
// its gate's library, is loaded on its first call (tools/index.ts).

import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, RootsListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { invalidCall } from './invalid-call.js';
import type { Extra } from './progress.js';
import { RepoLocks } from './repo-lock.js';
import { Workspace } from './roots.js';
import type { ToolDeps } from './tool.js';
import { isToolName, TOOL_LOADERS } from './tools/index.js';
import pkg from '../package.json' with { type: 'json' };

export const INSTRUCTIONS = `The adlc gates as tools. Every tool takes cwd: the repository (or a directory in it) to work in, inside one of your roots.
consensus_fix fixes a failing test by consensus of N candidates; localize ranks the files a fix of a failing test most likely changes (no model); consensus_review reviews a diff with several models and a blind chairman; review_calibration measures a reviewer's recall on planted bugs.
Red-green without a shell: tdd_run (see the test fail), tdd_claim (claim the red test for the files), tdd_write / tdd_edit (edits the kernel allows only under a claim), tdd_flush (end of turn: red edits are reverted), tdd_status, tdd_refactor.
A gate's verdict (no fix, a failed review gate, a red test, a refused edit) is a normal result; isError means the call itself failed.`;

/** The tools/list answer the build wrote beside the bundle (scripts/write-tools-list.mjs). */
const TOOLS_LIST_FILE = new URL('./tools-list.json', import.meta.url);

/**
 * The SDK validates elicitation answers with a JSON Schema validator (ajv by default, costly to start).
 * adlc-mcp never elicits, so it needs none; this one refuses, should that ever change.
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'adlc-mcp validates no elicitation answers' }),
};

export interface ServerOptions {
  /** The environment keys and settings come from (never from tool arguments). */
  env: NodeJS.ProcessEnv;
  /** Where the server started: the one allowed root when the client declares none. */
  startDir: string;
}

export function createAdlcServer(options: ServerOptions): { server: Server; inFlight: Set<Promise<unknown>> } {
  const server = new Server(
    { name: 'adlc', version: pkg.version },
    { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS, jsonSchemaValidator: NO_ELICITATION },
  );
  const workspace = new Workspace(server, options.startDir);
  server.setNotificationHandler(RootsListChangedNotificationSchema, () => workspace.forget());
  const deps: ToolDeps = { env: options.env, workspace, locks: new RepoLocks(), inFlight: new Set() };
  let tools: Tool[] | undefined;
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: (tools ??= readToolsList()) }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const call = answerCall(request.params.name, request.params.arguments, extra, deps);
    deps.inFlight.add(call);
    return call.finally(() => deps.inFlight.delete(call));
  });
  return { server, inFlight: deps.inFlight };
}

function readToolsList(): Tool[] {
  return (JSON.parse(readFileSync(TOOLS_LIST_FILE, 'utf8')) as { tools: Tool[] }).tools;
}

/** Loads the tool (and the call path) on first use, then calls it. */
async function answerCall(name: string, args: unknown, extra: Extra, deps: ToolDeps): Promise<CallToolResult> {
  if (!isToolName(name)) return invalidCall(`Tool ${name} not found`);
  const [spec, { callTool }] = await Promise.all([TOOL_LOADERS[name](), import('./tool.js')]);
  return callTool(spec, args, extra, deps);
}
