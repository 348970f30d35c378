// adlc-mcp's flags, declared on core's commander program: loaded only when the server is started with
// arguments (--help, --version, a mistake), so a client's plain start never loads commander.

import { createProgram, parseArgs } from '@adlc/core';
import pkg from '../package.json' with { type: 'json' };

const program = createProgram({
  name: 'adlc-mcp',
  description:
    'The adlc gates as MCP tools on stdio: consensus_fix, consensus_review, review_calibration and the tdd-kernel tools ' +
    '(tdd_status, tdd_run, tdd_claim, tdd_flush, tdd_refactor, tdd_write, tdd_edit). Started by an MCP client, not by hand.',
  version: pkg.version,
  helpAfter: `Every tool takes cwd, which must lie inside a root the client declared (MCP roots) or, when it
declares none, inside the directory adlc-mcp was started in. Provider keys come from this process's
environment only (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, ADLC_PROVIDER, ...), never
from tool arguments, and never appear in results. stdout carries only protocol messages.

Claude Code:  claude mcp add adlc -- npx adlc-mcp
   or a file: {"mcpServers": {"adlc": {"type": "stdio", "command": "npx", "args": ["adlc-mcp"]}}}
Codex:        [mcp_servers.adlc] command = "npx", args = ["adlc-mcp"]   (~/.codex/config.toml)
More clients (Cursor, VS Code, Copilot): see the package README.`,
});

/** Parses the arguments: --help and --version print and end (HelpShown); anything else is an OpError. */
export function parseCliArgs(argv: string[]): void {
  parseArgs(program, argv);
}
