// The MCP server: the ten tools, each call checked against the client's roots, one writer per
// repository, and the client's roots asked again when it says they changed.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { RepoLocks } from './repo-lock.js';
import { Workspace } from './roots.js';
import { registerTool, type ToolDeps } from './tool.js';
import { TOOLS } from './tools/index.js';
import pkg from '../package.json' with { type: 'json' };

export const INSTRUCTIONS = `The adlc gates as tools. Every tool takes cwd: the repository (or a directory in it) to work in, inside one of your roots.
consensus_fix fixes a failing test by consensus of N candidates; consensus_review reviews a diff with several models and a blind chairman; review_calibration measures a reviewer's recall on planted bugs.
Red-green without a shell: tdd_run (see the test fail), tdd_claim (claim the red test for the files), tdd_write / tdd_edit (edits the kernel allows only under a claim), tdd_flush (end of turn: red edits are reverted), tdd_status, tdd_refactor.
A gate's verdict (no fix, a failed review gate, a red test, a refused edit) is a normal result; isError means the call itself failed.`;

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

export function createAdlcServer(options: ServerOptions): { server: McpServer; inFlight: Set<Promise<unknown>> } {
  const server = new McpServer({ name: 'adlc', version: pkg.version }, { instructions: INSTRUCTIONS, jsonSchemaValidator: NO_ELICITATION });
  const workspace = new Workspace(server.server, options.startDir);
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => workspace.forget());
  const deps: ToolDeps = { env: options.env, workspace, locks: new RepoLocks(), inFlight: new Set() };
  for (const tool of TOOLS) registerTool(server, tool, deps);
  return { server, inFlight: deps.inFlight };
}
