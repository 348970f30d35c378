// tdd_write and tdd_edit: file edits gated by the kernel's invariant exactly as Claude Code's hooks
// gate Write and Edit (the gate with the new content and a pending pre-edit copy, the write, then the
// confirmation that puts it in the turn buffer), for agents whose own edit tools are turned off.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isInsideRoot, opError, writeFileAtomic } from '@adlc/core';
import { renderCheck, type Kernel } from '@adlc/tdd-kernel';
import * as z from 'zod';
import { EditOutputSchema, type EditOutput } from '../edit-schema.js';
import type { ToolAnswer } from '../tool-result.js';
import { defineTool, toolInput, type ToolContext } from '../tool.js';
import { withKernel } from './tdd-kernel.js';

const FILE = z.string().min(1).describe('The file, relative to the project root (or absolute).');
const GATED = 'The kernel decides first: a source file needs a red test claimed for it (tdd_claim), a test file may not weaken a claimed test; a refusal is a normal result with written: false. Runs one at a time per repository.';

export const tddWriteTool = defineTool({
  name: 'tdd_write',
  title: 'Write a file (tdd-kernel gated)',
  description: `Writes a whole file (creating it if needed). ${GATED}`,
  input: toolInput({ file: FILE, content: z.string().describe('The whole new content of the file.') }),
  output: EditOutputSchema,
  access: 'write',
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  run: ({ file, content }, ctx) => withKernel(ctx, (kernel) => gatedWrite(kernel, ctx, 'tdd_write', file, () => content)),
});

export const tddEditTool = defineTool({
  name: 'tdd_edit',
  title: 'Edit a file (tdd-kernel gated)',
  description: `Replaces one occurrence of search with replace in an existing file; search must occur exactly once. ${GATED}`,
  input: toolInput({
    file: FILE,
    search: z.string().min(1).describe('The exact text to replace; it must occur exactly once in the file.'),
    replace: z.string().describe('The text to put in its place.'),
  }),
  output: EditOutputSchema,
  access: 'write',
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  run: ({ file, search, replace }, ctx) => withKernel(ctx, (kernel) => gatedWrite(kernel, ctx, 'tdd_edit', file, (abs) => replaceOnce(readExisting(abs, file), search, replace, file))),
});

/** Gate, write, confirm: the hook's PreToolUse, the tool itself, and PostToolUse. */
async function gatedWrite(kernel: Kernel, ctx: ToolContext, tool: string, file: string, newContent: (abs: string) => string): Promise<ToolAnswer<EditOutput>> {
  const where = isInsideRoot(kernel.root, file);
  if (!where.ok || where.rel === '') throw opError(`${file} is not a file inside the project ${kernel.root}`, { hint: 'give a path relative to the project root, or an absolute one inside it' });
  ctx.checkWritable(where.abs);
  const content = newContent(where.abs);
  const toolUseId = `adlc-mcp-${randomUUID()}`;
  const gate = kernel.gateEdit(where.abs, { newContent: content, tool, buffer: 'pending', toolUseId });
  if (gate.decision === 'deny') return { doc: { ...gate, written: false }, summary: renderCheck(gate) };
  // The temp file goes to the kernel's scratch (under .git), so nothing untracked shows in the tree.
  await writeFileAtomic(where.abs, content, { tmpDir: kernel.context.paths.scratch });
  kernel.confirmEdit(where.rel, toolUseId);
  return { doc: { ...gate, written: true }, summary: `${renderCheck(gate)}\nwrote ${where.rel}` };
}

function readExisting(abs: string, file: string): string {
  try {
    return readFileSync(abs, 'utf8');
  } catch (error) {
    throw opError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { hint: 'tdd_edit changes an existing file; create one with tdd_write' });
  }
}

/** `text` with its one occurrence of `search` replaced; an OpError when there is none or more than one. Pure. */
export function replaceOnce(text: string, search: string, replace: string, file: string): string {
  const count = text.split(search).length - 1;
  if (count === 0) throw opError(`the search text does not occur in ${file}`, { hint: 'copy the text to replace exactly, whitespace included' });
  if (count > 1) throw opError(`the search text occurs ${count} times in ${file}; it must occur exactly once`, { hint: 'include more of the surrounding lines so it is unique' });
  const at = text.indexOf(search);
  return `${text.slice(0, at)}${replace}${text.slice(at + search.length)}`;
}
