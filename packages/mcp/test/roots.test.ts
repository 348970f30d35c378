// cwd must lie inside a root the client declared (MCP roots) or, when it declares none, inside the
// directory the server started in; anything else is refused with a clear error before a tool runs.

import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempRepo } from '@adlc/testkit';
import { errorOf, outputValidator, startClient, type TestClient } from './support.js';

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-roots-')));
const inside = join(scratch, 'project');
const elsewhere = join(scratch, 'elsewhere');
for (const dir of [join(inside, 'sub'), elsewhere]) mkdirSync(dir, { recursive: true });
symlinkSync(elsewhere, join(inside, 'escape'));
const clients: TestClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function start(options: { roots?: string[] }): Promise<TestClient> {
  const c = await startClient({ cwd: scratch, ...options });
  clients.push(c);
  return c;
}

const status = (c: TestClient, cwd: string) => c.call('tdd_status', { cwd });

describe('roots the client declared', () => {
  it('allows a cwd inside a root, refuses one outside, through .. or a symlink, naming the roots', async () => {
    const c = await start({ roots: [inside] });
    const check = outputValidator(await c.tools());
    check('tdd_status', await status(c, inside));
    check('tdd_status', await status(c, join(inside, 'sub')));
    for (const cwd of [elsewhere, join(inside, '..', 'elsewhere'), join(inside, 'escape'), scratch]) {
      const error = errorOf(await status(c, cwd));
      expect(error.message, cwd).toBe(`${cwd} is outside the roots the client declared (${inside})`);
      expect(error.hint).toMatch(/add the directory as a root/);
    }
  });

  it('asks again after notifications/roots/list_changed', async () => {
    const roots = [inside];
    const c = await startClient({ cwd: scratch, roots });
    clients.push(c);
    expect(errorOf(await status(c, elsewhere)).message).toMatch(/outside the roots/);
    roots.push(elsewhere);
    await c.client.sendRootsListChanged();
    expect((await status(c, elsewhere)).isError).toBeFalsy();
  });

  it('a cwd that is not a directory is refused as such', async () => {
    const c = await start({ roots: [inside] });
    expect(errorOf(await status(c, join(inside, 'missing'))).message).toBe(`cwd ${join(inside, 'missing')} is not a directory`);
  });
});

describe('tdd_write and tdd_edit', () => {
  it('refuse a file outside the roots even when the project (found from cwd) reaches above them', async () => {
    const repo = makeTempRepo({ prefix: 'mcp-roots-write-', files: { 'sub/a.txt': 'a\n', 'src/b.ts': 'export const b = 1;\n' } });
    try {
      const sub = join(realpathSync(repo.dir), 'sub');
      const c = await start({ roots: [sub] });
      const error = errorOf(await c.call('tdd_write', { cwd: sub, file: 'src/b.ts', content: 'export const b = 2;\n' }));
      expect(error.message).toBe(`${join(realpathSync(repo.dir), 'src/b.ts')} is outside the roots the client declared (${sub})`);
      expect(repo.read('src/b.ts')).toBe('export const b = 1;\n');
    } finally {
      repo.cleanup();
    }
  });
});

describe('no roots declared', () => {
  it('allows the start directory and below (relative cwd from it), refuses anything else', async () => {
    const c = await start({});
    expect((await status(c, 'project/sub')).isError).toBeFalsy();
    const outside = realpathSync(tmpdir());
    const error = errorOf(await status(c, outside));
    expect(error.message).toBe(`${outside} is outside the directory adlc-mcp was started in (${scratch}), and the client declared no roots`);
  });
});
