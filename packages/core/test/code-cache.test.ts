import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import module, { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_CACHE_MAX_AGE_MS, cliVariant, codeCacheDir, codeCacheKey, codeCacheMode, decodeCodeCacheEntry, encodeCodeCacheEntry, staleCacheFiles, type CodeCacheIdentity } from '../src/code-cache.js';
import { isPrivateDir, privateDir, type DirStat } from '../src/private-dir.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'adlc-code-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('codeCacheKey', () => {
  const base: CodeCacheIdentity = { file: '/p/dist/vendor/zod.cjs', nodeVersion: 'v20.20.2', arch: 'x64', v8Flags: '' };
  it.each([
    ['another file', { file: '/q/dist/vendor/zod.cjs' }],
    ['another variant', { variant: 'help' }],
    ['another Node', { nodeVersion: 'v20.20.3' }],
    ['another architecture', { arch: 'arm64' }],
    ['other V8 flags', { v8Flags: '--max-old-space-size=100' }],
  ])('%s is another entry', (_what, change) => {
    expect(codeCacheKey({ ...base, ...change })).not.toBe(codeCacheKey(base));
  });
  it('the same identity is the same entry', () => expect(codeCacheKey({ ...base })).toBe(codeCacheKey(base)));
});

describe('cliVariant', () => {
  it.each([
    [[], 'help'],
    [['--help'], 'help'],
    [['status', '-h'], 'help'],
    [['--version'], 'help'],
    [['-V'], 'help'],
    [['--test-cmd', 'npm test', '--files', 'a.js'], 'run'],
    [['status'], 'run'],
  ] as const)('%j -> %s', (argv, expected) => expect(cliVariant(argv)).toBe(expected));
});

describe('code cache entries', () => {
  const key = 'a'.repeat(40);
  const source = Buffer.from('exports.a = 1;');
  const data = Buffer.from('v8 cached data bytes');
  const entry = encodeCodeCacheEntry(key, source, data);
  const flip = (at: number): Buffer => {
    const copy = Buffer.from(entry);
    copy[at] = copy[at]! ^ 1;
    return copy;
  };
  const sourceAt = entry.indexOf(source);
  it.each([
    ['an intact entry', entry, key, source, data],
    ['an entry for another key', entry, 'b'.repeat(40), source, undefined],
    ['the same length, other content', entry, key, Buffer.from('exports.a = 2;'), undefined],
    ['another length', entry, key, Buffer.from('exports.a = 10;'), undefined],
    ['a truncated entry', entry.subarray(0, entry.length - 3), key, source, undefined],
    ['one bit flipped in the first copy of the data', flip(entry.length - 2 * data.length + 3), key, source, undefined],
    ['one bit flipped in the second copy of the data', flip(entry.length - 1), key, source, undefined],
    ['one bit flipped in the stored source', flip(sourceAt + 2), key, source, undefined],
    ['one copy of the data only', entry.subarray(0, entry.length - data.length), key, source, undefined],
    ['a header only', entry.subarray(0, sourceAt), key, source, undefined],
    ['garbage', Buffer.from('not a cache entry'), key, source, undefined],
    ['nothing', Buffer.alloc(0), key, source, undefined],
  ])('%s', (_what, bytes, asKey, asSource, expected) => expect(decodeCodeCacheEntry(asKey, asSource, bytes)).toEqual(expected));
});

describe('staleCacheFiles', () => {
  const now = 1_000 * CODE_CACHE_MAX_AGE_MS;
  it.each([
    ['an entry older than the limit', 'lib.cjs-abc.bin', now - CODE_CACHE_MAX_AGE_MS - 1, true],
    ['a temp file older than the limit', 'lib.cjs-abc.bin.12-ab.tmp', now - CODE_CACHE_MAX_AGE_MS - 1, true],
    ['an entry exactly at the limit', 'lib.cjs-abc.bin', now - CODE_CACHE_MAX_AGE_MS, false],
    ['a recent entry', 'lib.cjs-abc.bin', now - 1000, false],
    ['an old file that is not ours', 'notes.txt', 0, false],
  ])('%s', (_, name, mtimeMs, stale) => {
    expect(staleCacheFiles([{ name, mtimeMs }], now)).toEqual(stale ? [name] : []);
  });
});

describe('codeCacheMode', () => {
  it.each([
    [{}, false, 'v8-cache'],
    [{}, true, 'require'],
    [{ NODE_DISABLE_COMPILE_CACHE: '1' }, false, 'require'],
    [{ NODE_DISABLE_COMPILE_CACHE: '1' }, true, 'require'],
  ] as const)('%j, Node compile cache %s -> %s', (env, nodeHasCompileCache, expected) => expect(codeCacheMode(env, nodeHasCompileCache)).toBe(expected));
});

describe('isPrivateDir', () => {
  const stat = (over: Partial<{ dir: boolean; link: boolean; uid: number; mode: number }>): DirStat => {
    const s = { dir: true, link: false, uid: 1000, mode: 0o40700, ...over };
    return { isDirectory: () => s.dir, isSymbolicLink: () => s.link, uid: s.uid, mode: s.mode };
  };
  it.each([
    ['ours, owner only', stat({}), 1000, true],
    ['ours, readable by all', stat({ mode: 0o40755 }), 1000, true],
    ['writable by the group', stat({ mode: 0o40770 }), 1000, false],
    ['writable by all (a shared temp dir)', stat({ mode: 0o41777 }), 1000, false],
    ["another user's", stat({ uid: 0 }), 1000, false],
    ['a symlink', stat({ link: true, dir: false }), 1000, false],
    ['a file', stat({ dir: false }), 1000, false],
    ['no user ids (Windows), any mode', stat({ mode: 0o40777 }), undefined, true],
  ])('%s -> %s', (_what, s, uid, expected) => expect(isPrivateDir(s, uid)).toBe(expected));
});

describe('privateDir', () => {
  const uid = process.getuid?.();
  it('creates the directories owner-only and returns the innermost', () => {
    const root = path.join(scratch, 'fresh', 'cache');
    expect(privateDir(root, uid, 'sub')).toBe(path.join(root, 'sub'));
    expect(statSync(path.join(root, 'sub')).mode & 0o777).toBe(0o700);
  });
  it('refuses a root others may write to, a symlinked sub-directory and a file in the way', () => {
    const open = path.join(scratch, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(privateDir(open, uid)).toBeUndefined();
    const root = path.join(scratch, 'linked');
    mkdirSync(root, { mode: 0o700 });
    mkdirSync(path.join(scratch, 'elsewhere'), { mode: 0o700 });
    symlinkSync(path.join(scratch, 'elsewhere'), path.join(root, 'sub'));
    expect(privateDir(root, uid, 'sub')).toBeUndefined();
    const file = path.join(scratch, 'file');
    writeFileSync(file, 'x');
    expect(privateDir(file, uid)).toBeUndefined();
  });
});

describe('codeCacheDir', () => {
  it.each([
    [{ XDG_CACHE_HOME: '/home/u/.cache' }, '/home/u/.cache/adlc/compile-cache/v8-code-cache'],
    [{}, '/tmp/adlc-compile-cache-1000/v8-code-cache'],
  ])('%j -> %s', (env, expected) => expect(codeCacheDir(env, 1000, '/tmp')).toBe(expected));
});

// requireWithCodeCache as the bins use it: the built light entry, in a fresh Node each time.
const LIGHT = pathToFileURL(fileURLToPath(new URL('../dist/light.js', import.meta.url))).href;
const nodeHasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

function load(file: string, env: NodeJS.ProcessEnv): { value: number; builtin: string } {
  const script = `const { requireWithCodeCache } = await import(${JSON.stringify(LIGHT)});
const m = requireWithCodeCache(${JSON.stringify(file)});
console.log(JSON.stringify({ value: m.value, builtin: await m.builtin() }));`;
  const clean = { ...process.env, NODE_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '', NODE_OPTIONS: '' };
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...clean, ...env } })) as { value: number; builtin: string };
}

/** A CommonJS module like the vendor bundles: exports, and a require() of a Node built-in. */
function moduleFile(dir: string, value: number): string {
  const file = path.join(dir, 'lib.cjs');
  writeFileSync(file, `exports.value = ${value};\nexports.builtin = async () => typeof require('node:path').join;\n`);
  return file;
}

const entriesIn = (home: string): string[] => {
  const dir = path.join(home, 'adlc', 'compile-cache', 'v8-code-cache');
  try {
    return readdirSync(dir).map((name) => path.join(dir, name));
  } catch {
    return [];
  }
};

describe.runIf(!nodeHasCompileCache)('requireWithCodeCache on a Node without a compile cache (20)', () => {
  it('stores an entry at exit, reuses it unchanged, and never serves a changed file from it', () => {
    const home = mkdtempSync(path.join(scratch, 'home-'));
    const file = moduleFile(mkdtempSync(path.join(scratch, 'mod-')), 42);
    expect(load(file, { XDG_CACHE_HOME: home })).toEqual({ value: 42, builtin: 'function' });
    const [entry] = entriesIn(home);
    expect(entry).toBeDefined();
    const first = statSync(entry!);
    // Accepted: a rejected entry would be written again (a new file renamed into place).
    expect(load(file, { XDG_CACHE_HOME: home })).toEqual({ value: 42, builtin: 'function' });
    expect(statSync(entry!).ino).toBe(first.ino);
    // Same length, other content: V8's own check only compares lengths; the entry holds the source it was compiled from.
    moduleFile(path.dirname(file), 43);
    expect(load(file, { XDG_CACHE_HOME: home }).value).toBe(43);
    // The rebuilt file's entry replaces the old one (same file, same Node): the directory does not grow.
    expect(entriesIn(home)).toEqual([entry]);
    expect(statSync(entry!).ino).not.toBe(first.ino);
    expect(load(file, { XDG_CACHE_HOME: home }).value).toBe(43);
  });

  it("snapshot 'start' keeps what the start compiled; the default keeps what the whole process compiled", () => {
    const file = path.join(mkdtempSync(path.join(scratch, 'mod-')), 'lib.cjs');
    // The big function runs only after the start (in a timer): compiled then, not by the load.
    const body = Array.from({ length: 400 }, (_, i) => `  total += (n * ${i}) % 7;`).join('\n');
    writeFileSync(file, `exports.value = 1;\nexports.big = (n) => {\n  let total = 0;\n${body}\n  return total;\n};\n`);
    // A script file, not -e: an -e script is part of execArgv, so of the entry's key.
    const entrySize = (options: string): number => {
      const home = mkdtempSync(path.join(scratch, 'home-'));
      const main = path.join(home, 'main.mjs');
      writeFileSync(main, `const { requireWithCodeCache } = await import(${JSON.stringify(LIGHT)});\nconst m = requireWithCodeCache(${JSON.stringify(file)}, process.env, ${options});\nsetTimeout(() => m.big(3), 20);\n`);
      execFileSync(process.execPath, [main], { env: { ...process.env, XDG_CACHE_HOME: home, NODE_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '', NODE_OPTIONS: '' } });
      const [entry] = entriesIn(home);
      return statSync(entry!).size;
    };
    const atStart = entrySize("{ snapshot: 'start' }");
    const atExit = entrySize('{}');
    // Two copies of V8's data: the function's bytecode (over 10 KB) twice.
    expect(atExit - atStart).toBeGreaterThan(10_000);
  });

  it('ignores a corrupt entry and a foreign one (V8 data of another script), runs, and writes a good one', () => {
    const home = mkdtempSync(path.join(scratch, 'home-'));
    const file = moduleFile(mkdtempSync(path.join(scratch, 'mod-')), 7);
    load(file, { XDG_CACHE_HOME: home });
    const [entry] = entriesIn(home);
    const key = readFileSync(entry!, 'latin1').split('\n')[1]!.split(' ')[0]!;
    const source = readFileSync(file);
    const foreign = encodeCodeCacheEntry(key, source, new vm.Script('globalThis.other = 1 + 1;').createCachedData());
    for (const bad of [Buffer.from('\0\0 not a cache entry'), foreign]) {
      writeFileSync(entry!, bad);
      expect(load(file, { XDG_CACHE_HOME: home })).toEqual({ value: 7, builtin: 'function' });
      const written = readFileSync(entry!);
      expect(written.equals(bad)).toBe(false);
      expect(decodeCodeCacheEntry(key, source, written)).toBeDefined();
    }
  });

  it('deletes the stale entries of the directory when it writes one, and nothing else', () => {
    const home = mkdtempSync(path.join(scratch, 'home-'));
    load(moduleFile(mkdtempSync(path.join(scratch, 'mod-')), 1), { XDG_CACHE_HOME: home });
    const [kept] = entriesIn(home);
    const dir = path.dirname(kept!);
    const old = (Date.now() - CODE_CACHE_MAX_AGE_MS - 60_000) / 1000;
    for (const name of ['gone.cjs-0123.bin', 'notes.txt']) {
      writeFileSync(path.join(dir, name), 'x');
      utimesSync(path.join(dir, name), old, old);
    }
    load(moduleFile(mkdtempSync(path.join(scratch, 'mod-')), 2), { XDG_CACHE_HOME: home }); // a miss: writes
    const names = entriesIn(home).map((f) => path.basename(f));
    expect(names).toContain(path.basename(kept!));
    expect(names).toContain('notes.txt');
    expect(names).not.toContain('gone.cjs-0123.bin');
    expect(names.filter((n) => n.endsWith('.bin'))).toHaveLength(2);
  });

  it('writes nothing with NODE_DISABLE_COMPILE_CACHE, nor into a directory others may write to', () => {
    const file = moduleFile(mkdtempSync(path.join(scratch, 'mod-')), 5);
    const off = mkdtempSync(path.join(scratch, 'home-'));
    expect(load(file, { XDG_CACHE_HOME: off, NODE_DISABLE_COMPILE_CACHE: '1' }).value).toBe(5);
    expect(readdirSync(off)).toEqual([]);
    const shared = mkdtempSync(path.join(scratch, 'home-'));
    mkdirSync(path.join(shared, 'adlc', 'compile-cache'), { recursive: true });
    chmodSync(path.join(shared, 'adlc', 'compile-cache'), 0o777);
    expect(load(file, { XDG_CACHE_HOME: shared }).value).toBe(5);
    expect(entriesIn(shared)).toEqual([]);
  });
});

describe.runIf(nodeHasCompileCache)('requireWithCodeCache on a Node with a compile cache (22.1+)', () => {
  it('requires the file and leaves caching to Node', () => {
    const home = mkdtempSync(path.join(scratch, 'home-'));
    const file = moduleFile(mkdtempSync(path.join(scratch, 'mod-')), 9);
    expect(load(file, { XDG_CACHE_HOME: home })).toEqual({ value: 9, builtin: 'function' });
    expect(entriesIn(home)).toEqual([]);
  });
});

// V8 drops the import() hook from code it takes from the cache (nodejs/node#43663): a vendor bundle that
// called import() would work on its first run and fail on the next. The build turns them into require().
describe('core\'s vendor bundles', () => {
  const VENDOR = fileURLToPath(new URL('../dist/vendor/', import.meta.url));
  it.each(['anthropic', 'openai', 'genai', 'zod'])('%s.cjs makes no import() call and requires Node built-ins only', async (name) => {
    const ts = (await import('typescript')).default;
    const source = ts.createSourceFile(`${name}.js`, readFileSync(path.join(VENDOR, `${name}.cjs`), 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    const imports: string[] = [];
    const required: string[] = [];
    const visit = (node: import('typescript').Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) imports.push(node.getText(source).slice(0, 80));
      const [first] = ts.isCallExpression(node) ? node.arguments : [];
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require' && first && ts.isStringLiteral(first)) required.push(first.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(imports).toEqual([]);
    // ws (in Google's SDK) tries its optional native add-ons inside a try/catch and works without them.
    const optional = new Set(['bufferutil', 'utf-8-validate']);
    expect(required.filter((spec) => !isBuiltin(spec) && !optional.has(spec))).toEqual([]);
  });

  it('ship the licence of every package they contain', () => {
    const licences = readFileSync(path.join(VENDOR, 'THIRD-PARTY-LICENSES.md'), 'utf8');
    for (const name of ['@anthropic-ai/sdk', 'openai', '@google/genai', 'zod', 'google-auth-library']) expect(licences).toMatch(new RegExp(`^## ${name}@\\d`, 'm'));
  });
});
