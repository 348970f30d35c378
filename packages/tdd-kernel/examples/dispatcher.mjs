// A minimal agent dispatcher enforcing red-green in-process with createKernel (the README's example).
// Usage: node examples/dispatcher.mjs <project-root>   (a project with Vitest, src/price.test.ts failing)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createKernel } from '@adlc/tdd-kernel';

const root = path.resolve(process.argv[2] ?? '.');
const kernel = createKernel({ root, session: 'agent-run-1' }); // runner detected (Vitest here)

// The agent's edit_file tool: the gate first, the write only if allowed.
function editFile(file, content) {
  const gate = kernel.gateEdit(file, { newContent: content, tool: 'edit_file' });
  if (gate.decision === 'deny') return `refused: ${gate.reason}`;
  writeFileSync(path.join(root, file), content);
  return 'ok';
}

const id = 'src/price.test.ts::price adds tax';
console.log('1', editFile('src/price.ts', 'export const price = (n) => n * 1.2;\n')); // refused: no red test
const red = await kernel.run([id]);                       // the agent sees its test fail
console.log('2', red.green ? 'green' : 'red', red.results[0]?.failure_kind);
console.log('3', kernel.claim(id, ['src/price.ts']).claimed ? 'claimed' : 'not claimed');
console.log('4', editFile('src/price.ts', 'export const price = (n) => n + 1;\n'));     // a wrong fix
let end = await kernel.flush();                           // end of turn: one run, red edits reverted
console.log('5', end.reverted.map((r) => `${r.action} ${r.file}`).join(', '));
console.log('6', editFile('src/price.ts', 'export const price = (n) => n * 1.2;\n'));   // the claim is still open
end = await kernel.flush();
console.log('7', end.reverted.length === 0 ? `kept ${end.kept.join(', ')}` : end.message);
