// The tools/list answer, computed at build time: each tool's name, title, description and annotations,
// and its zod input and output schemas as JSON Schema, converted exactly as the SDK's McpServer converts
// them when it lists registered tools. The build writes it to dist/tools-list.json (scripts/
// write-tools-list.mjs); the server reads that file instead of building every tool's schemas at start.

import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolSpec } from './tool.js';
import { loadAllTools } from './tools/index.js';

export function toolDefinition(spec: ToolSpec): Tool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: toJsonSchemaCompat(spec.input, { strictUnions: true, pipeStrategy: 'input' }) as Tool['inputSchema'],
    ...(spec.annotations ? { annotations: spec.annotations } : {}),
    // What McpServer declares for a tool registered without task support.
    execution: { taskSupport: 'forbidden' },
    outputSchema: toJsonSchemaCompat(spec.output, { strictUnions: true, pipeStrategy: 'output' }) as Tool['outputSchema'],
  };
}

export async function toolsList(): Promise<{ tools: Tool[] }> {
  return { tools: (await loadAllTools()).map(toolDefinition) };
}
