// tdd-kernel's real outputs against its shipped JSON Schemas: every subcommand's --json through one
// red-green cycle in a Vitest project, the hook's answers, an error, and every line of the event log.

import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';
import { assertValid, cli, jsonLines, ROOT, stdoutJson } from './helpers.js';

const TEST = `import { describe, it, expect } from 'vitest';
import { price } from './price.js';
describe('price', () => {
  it('adds tax', () => {
    expect(price(100)).toBe(120);
  });
});
`;
const ID = 'src/price.test.ts::price adds tax';
const SESSION = 'release-session';

let repo: TempRepo;
beforeAll(() => {
  repo = makeTempRepo({
    prefix: 'release-tdd-',
    files: {
      '.gitignore': 'node_modules\n',
      'package.json': '{"name": "p", "type": "module", "devDependencies": {"vitest": "*"}}\n',
      '.tdd-kernel/config.json': '{"verify": "node -e 0"}\n',
      'src/price.ts': 'export const price = (n: number) => n;\n',
      'src/price.test.ts': TEST,
    },
  });
  mkdirSync(join(repo.dir, 'node_modules'));
  symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(repo.dir, 'node_modules', 'vitest'));
});
afterAll(() => repo.cleanup());

async function kernel(args: string[], expectedExit: number, schema: string | null, input?: string): Promise<unknown> {
  const result = await cli('tdd-kernel', args, repo.dir, { TDD_KERNEL_SESSION: SESSION }, input);
  expect(result.exitCode, `tdd-kernel ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(expectedExit);
  if (schema === null) return undefined;
  const doc = stdoutJson(result);
  assertValid('tdd-kernel', schema, doc);
  return doc;
}

function hookEvent(name: 'PreToolUse' | 'Stop', file?: string): string {
  const tool = file ? { tool_name: 'Edit', tool_input: { file_path: join(repo.dir, file), old_string: 'n', new_string: 'n + 1' } } : { stop_hook_active: false };
  return JSON.stringify({ session_id: SESSION, cwd: repo.dir, hook_event_name: name, ...tool });
}

describe('tdd-kernel outputs match schemas/*.json', () => {
  it('every subcommand --json, the hook answers and every event line', async () => {
    const edit = (body: string) => writeFileSync(join(repo.dir, 'src/price.ts'), `export const price = (n: number) => ${body};\n`);
    await kernel(['doctor', '--json'], 0, 'doctor');
    await kernel(['check', 'src/price.ts', '--json'], 2, 'check');
    await kernel(['run', ID, '--json'], 2, 'run');
    await kernel(['claim', ID, 'src/price.ts', '--json'], 0, 'claim');
    await kernel(['check', 'src/price.ts', '--json'], 0, 'check');

    // The hook: Stop blocks after reverting a red edit; after the second failed green it only reports
    // (the claim closed); PreToolUse denies an unclaimed file.
    edit('n + 1');
    expect(await kernel(['hook', 'claude-code'], 0, 'hook', hookEvent('Stop'))).toMatchObject({ decision: 'block' });
    await kernel(['check', 'src/price.ts'], 0, null);
    edit('n + 2');
    expect(await kernel(['hook', 'claude-code'], 0, 'hook', hookEvent('Stop'))).toHaveProperty('systemMessage');
    await kernel(['hook', 'claude-code'], 0, 'hook', hookEvent('PreToolUse', 'src/other.ts'));
    await kernel(['status', '--json'], 0, 'status');

    // flush: red (reverted), then green; then refactor mode on and off (verify is `node -e 0`).
    await kernel(['run', ID], 2, null);
    await kernel(['claim', ID, 'src/price.ts'], 0, null);
    await kernel(['check', 'src/price.ts'], 0, null);
    edit('n + 3');
    await kernel(['flush', '--json'], 2, 'flush');
    await kernel(['check', 'src/price.ts'], 0, null);
    edit('n * 1.2');
    await kernel(['flush', '--json'], 0, 'flush');
    await kernel(['refactor', 'on', '--json'], 0, 'refactor');
    await kernel(['refactor', 'off', '--json'], 0, 'refactor');
    await kernel(['init', 'claude-code', '--json'], 0, 'init');
    await kernel(['claim', '--json'], 1, 'error');

    const events = jsonLines(join(repo.dir, '.tdd-kernel', 'events.jsonl'));
    for (const event of events) assertValid('tdd-kernel', 'event', event);
    const kinds = new Set(events.map((e) => (e as { type: string }).type));
    expect([...kinds].sort()).toEqual(['edit_allowed', 'edit_claim', 'edit_refused', 'edit_reverted', 'refactor_off', 'refactor_on', 'repair', 'test_run', 'verify']);
  }, 240_000); // some twenty CLI runs, seven of them real test runs: minutes on a loaded 2-core runner
});
