import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CopyPool } from '../src/workspace/copy-pool.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('tree copies', () => {
  it('copies the tree without .git, links node_modules, re-points absolute links, and restores originals', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cf-copy-src-'));
    dirs.push(root);
    mkdirSync(join(root, '.git'));
    writeFileSync(join(root, '.git', 'HEAD'), 'ref');
    mkdirSync(join(root, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(join(root, 'node_modules', 'dep', 'index.js'), 'dep');
    mkdirSync(join(root, 'src', 'sub'), { recursive: true });
    writeFileSync(join(root, 'src', 'a.js'), 'original');
    symlinkSync(join(root, 'src'), join(root, 'abs-link'));
    symlinkSync('src/a.js', join(root, 'rel-link'));
    const pool = new CopyPool();
    const copy = await pool.make(root, join(root, 'src'), [
      { file: 'src/a.js', content: Buffer.from('original'), mode: 0o644 },
      { file: 'src/new.js', content: null, mode: null },
    ]);
    expect(copy.cwd).toBe(join(copy.dir, 'src'));
    expect(existsSync(join(copy.dir, '.git'))).toBe(false);
    expect(lstatSync(join(copy.dir, 'node_modules')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(copy.dir, 'node_modules'))).toBe(join(root, 'node_modules'));
    expect(readlinkSync(join(copy.dir, 'abs-link'))).toBe(join(copy.dir, 'src'));
    expect(readlinkSync(join(copy.dir, 'rel-link'))).toBe('src/a.js');

    await copy.write([{ file: 'src/a.js', content: 'changed' }, { file: 'src/new.js', content: 'new' }]);
    expect(readFileSync(join(copy.dir, 'src/a.js'), 'utf8')).toBe('changed');
    expect(readFileSync(join(root, 'src/a.js'), 'utf8')).toBe('original');
    await copy.restore();
    expect(readFileSync(join(copy.dir, 'src/a.js'), 'utf8')).toBe('original');
    expect(existsSync(join(copy.dir, 'src/new.js'))).toBe(false);

    await pool.dispose();
    expect(existsSync(copy.dir)).toBe(false);
    expect(readFileSync(join(root, 'node_modules', 'dep', 'index.js'), 'utf8')).toBe('dep');
  });
});
