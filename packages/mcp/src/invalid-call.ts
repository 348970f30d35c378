// A tools/call refused around the tool's run (an unknown tool, arguments or a result that do not match
// the tool's schemas): an isError result worded as the SDK's McpServer words it.

import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function invalidCall(message: string): CallToolResult {
  return { content: [{ type: 'text', text: new McpError(ErrorCode.InvalidParams, message).message }], isError: true };
}
