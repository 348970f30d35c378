import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import module, { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheDir } from '../src/code-cache.js';
import { compileCacheDir } from '../src/compile-cache.js';

// The tools' built bins (tsup.tool.config.ts): --help must read one small graph, and the heavy libraries
// may load only behind import(). Only the build shows this, so the tools must be built first.
const PACKAGES = fileURLToPath(new URL('../../', import.meta.url));
const TOOLS = ['consensus-fix', 'review-calibration', 'tdd-kernel', 'consensus-synthesis'];
/** The tools whose code reads JS/TS with the compiler (consensus-synthesis has none since the mutation engine left core). */
const USES_TYPESCRIPT = ['consensus-fix', 'review-calibration', 'tdd-kernel'];
const HEAVY = /^(@anthropic-ai\/sdk|@google\/genai|openai|execa|typescript|zod)(\/|$)/;
const VENDOR_BUNDLE = /@adlc\/core\/vendor\/(anthropic|openai|genai|execa|zod)\.cjs/g;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'adlc-bundle-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The specifiers of a file's top-level `import ... from "x"` and `import "x"` statements. */
export function staticImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm)].map((m) => m[1]!);
}
const dynamicImports = (source: string): string[] => [...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
/** A CommonJS bin's require()s (in the bin's CommonJS build an import() of a package becomes one). */
const requires = (source: string): string[] => [...source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);

/** Every file `node dist/cli.js` reads before its body runs: cli.js and the chunks it imports statically. */
function staticGraph(dist: string): { files: string[]; bare: string[] } {
  const files: string[] = [];
  const bare = new Set<string>();
  const visit = (file: string): void => {
    if (files.includes(file)) return;
    files.push(file);
    for (const spec of file.endsWith('.cjs') ? [] : staticImports(readFileSync(path.join(dist, file), 'utf8'))) {
      if (spec.startsWith('./')) visit(spec.slice(2));
      else bare.add(spec);
    }
  };
  visit('cli.js');
  // A CommonJS bin (tsup.tool.config.ts cjsBin): cli.js forwards to the launcher, which requires Node built-ins only.
  if (files.includes('cli.cjs')) for (const spec of requires(readFileSync(path.join(dist, 'cli.cjs'), 'utf8'))) bare.add(spec);
  return { files, bare: [...bare] };
}

describe('staticImports', () => {
  it.each([
    ['import { a, b } from "x";\nimport "./c.js";\nimport d from \'e\';', ['x', './c.js', 'e']],
    ['import {\n  a,\n  b\n} from "./chunk.js";', ['./chunk.js']],
    ['const m = await import("openai");\n  import("zod")', []],
    ['import * as fs from "node:fs";', ['node:fs']],
  ])('%j', (source, expected) => expect(staticImports(source)).toEqual(expected));
});

describe.each(TOOLS)('%s dist/cli.js', (tool) => {
  const dist = path.join(PACKAGES, tool, 'dist');
  const files = readdirSync(dist).filter((f) => /^cli.*\.c?js$/.test(f));
  const sources = files.map((f) => readFileSync(path.join(dist, f), 'utf8'));

  it('statically imports Node built-ins only (core and commander are inlined)', () => {
    const { bare } = staticGraph(dist);
    expect(bare.filter((spec) => !isBuiltin(spec))).toEqual([]);
  });

  it('takes the SDKs, execa and zod from core\'s vendor bundles, loaded only behind import(); typescript only behind import()', () => {
    const { files: eager } = staticGraph(dist);
    const eagerSources = eager.map((f) => readFileSync(path.join(dist, f), 'utf8'));
    expect(eagerSources.flatMap(staticImports).filter((s) => HEAVY.test(s))).toEqual([]);
    expect(eagerSources.flatMap((s) => [...s.matchAll(VENDOR_BUNDLE)].map((m) => m[1]))).toEqual([]);
    // Never imported by name: a package import would resolve hundreds of files instead of one.
    expect(sources.flatMap((s) => [...staticImports(s), ...dynamicImports(s), ...requires(s)]).filter((s) => HEAVY.test(s) && s !== 'typescript')).toEqual([]);
    const vendored = new Set(sources.flatMap((s) => [...s.matchAll(VENDOR_BUNDLE)].map((m) => m[1])));
    // Commands run through node:child_process: no tool loads execa to start its test or rails command.
    expect([...vendored].sort()).toEqual(['anthropic', 'genai', 'openai', 'zod']);
    expect(sources.flatMap((s) => (files.includes('cli.cjs') ? requires(s) : dynamicImports(s))).includes('typescript')).toBe(USES_TYPESCRIPT.includes(tool));
  });

  it('declares every package the bundle imports (a strict install resolves them from the tool)', () => {
    const pkg = JSON.parse(readFileSync(path.join(PACKAGES, tool, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const bare = sources.flatMap((s) => [...staticImports(s), ...dynamicImports(s), ...requires(s)]).filter((s) => !s.startsWith('.') && !isBuiltin(s));
    const names = bare.map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
    expect([...new Set(names)].filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });

  const help = (env: NodeJS.ProcessEnv): string =>
    execFileSync(process.execPath, [path.join(dist, 'cli.js'), '--help'], { encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '', ...env } });

  // The bins write their own output to the descriptors (stdio.ts) and hash nothing to check the code cache:
  // creating process.stdout on a pipe loads Node's streams and net, and node:crypto loads the streams too.
  it('--help, --version and a bad flag under --json, on a pipe, load neither node:crypto nor the streams nor net', () => {
    const heavy = /^NativeModule (?:crypto|stream|net|internal\/streams\/writable)$/;
    const record = path.join(scratch, `${tool}-record.cjs`);
    writeFileSync(record, "process.on('exit', () => require('node:fs').writeFileSync(process.env.MODULES_OUT, process.moduleLoadList.join('\\n')));\n");
    const loaded = (args: string[]) => {
      const out = path.join(scratch, `${tool}-modules.txt`);
      const r = spawnSync(process.execPath, ['--require', record, path.join(dist, 'cli.cjs'), ...args], { encoding: 'utf8', env: { ...process.env, MODULES_OUT: out } });
      return { stdout: r.stdout, modules: readFileSync(out, 'utf8').split('\n').filter((m) => heavy.test(m)) };
    };
    for (const args of [['--help'], ['--version'], ['--no-such-flag', '--json']]) {
      const run = loaded(args);
      expect(run.stdout.length).toBeGreaterThan(0);
      expect(run.modules).toEqual([]);
    }
    // The control: a script that writes through process.stdout, recorded the same way, does load them.
    const control = path.join(scratch, `${tool}-control.cjs`);
    writeFileSync(control, "process.stdout.write('x');\n");
    const out = path.join(scratch, `${tool}-modules.txt`);
    spawnSync(process.execPath, ['--require', record, control], { env: { ...process.env, MODULES_OUT: out } });
    expect(readFileSync(out, 'utf8').split('\n').filter((m) => heavy.test(m)).length).toBeGreaterThan(0);
  });

  it('--help works with the compile cache enabled, disabled and corrupt', () => {
    const home = mkdtempSync(path.join(scratch, `${tool}-`));
    expect(help({ XDG_CACHE_HOME: home })).toContain(`Usage: ${tool}`);
    expect(help({ XDG_CACHE_HOME: home })).toContain(`Usage: ${tool}`); // the second run reads the cache
    expect(help({ XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: '1' })).toContain(`Usage: ${tool}`);
    // Corrupt: every cached entry overwritten with garbage; and a cache path that is a file, not a directory.
    const dir = compileCacheDir({ XDG_CACHE_HOME: home }, 0, os.tmpdir());
    const scribble = (d: string): void => {
      for (const entry of readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, entry.name);
        if (entry.isDirectory()) scribble(p);
        else writeFileSync(p, 'not a cache entry');
      }
    };
    mkdirSync(dir, { recursive: true });
    scribble(dir);
    writeFileSync(path.join(dir, 'stray'), '\0\0garbage');
    expect(help({ XDG_CACHE_HOME: home })).toContain(`Usage: ${tool}`);
    const fileHome = mkdtempSync(path.join(scratch, `${tool}-file-`));
    writeFileSync(path.join(fileHome, 'adlc'), 'a file where the cache directory would go');
    expect(help({ XDG_CACHE_HOME: fileHome })).toContain(`Usage: ${tool}`);
  });
});

// The vendor bundles a run loads go through requireWithCodeCache (V8's code cache on Node 20): a run must
// work whatever is in that cache. consensus-synthesis --prompt-only loads zod's bundle and asks no model.
describe('a run that loads a vendor bundle, whatever the code cache holds', () => {
  const cli = path.join(PACKAGES, 'consensus-synthesis', 'dist', 'cli.js');
  const run = (env: NodeJS.ProcessEnv): string =>
    execFileSync(process.execPath, [cli, '--mode', 'general-prompt', '--prompt', 'Is a queue right here?', '--prompt-only', '--json'], {
      encoding: 'utf8',
      cwd: scratch,
      env: { ...process.env, NODE_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '', ...env },
    });
  const ok = (stdout: string) => expect(JSON.parse(stdout)).toHaveProperty('prompts');
  const entries = (home: string): string[] => {
    const dir = codeCacheDir({ XDG_CACHE_HOME: home }, 0, os.tmpdir());
    return existsSync(dir) ? readdirSync(dir).map((name) => path.join(dir, name)) : [];
  };

  it('runs with the cache fresh, warm, disabled, corrupt and holding another file\'s entry', () => {
    const home = mkdtempSync(path.join(scratch, 'vendor-'));
    ok(run({ XDG_CACHE_HOME: home }));
    ok(run({ XDG_CACHE_HOME: home }));
    ok(run({ XDG_CACHE_HOME: home, NODE_DISABLE_COMPILE_CACHE: '1' }));
    const written = entries(home);
    const names = (files: string[]) => files.map((f) => path.basename(f).replace(/-[0-9a-f]+\.bin$/, '')).sort();
    if (typeof (module as { enableCompileCache?: unknown }).enableCompileCache !== 'function') {
      // Node 20: V8's code cache, for the CLI the bin loads and for zod's bundle.
      expect(names(written)).toEqual(['cli-main.cjs', 'zod.cjs']);
      // --help has an entry of its own (cliVariant): the run's entry does not decide what it finds compiled.
      execFileSync(process.execPath, [cli, '--help'], { env: { ...process.env, XDG_CACHE_HOME: home, NODE_COMPILE_CACHE: '', NODE_DISABLE_COMPILE_CACHE: '' } });
      expect(names(entries(home))).toEqual(['cli-main.cjs', 'cli-main.cjs', 'zod.cjs']);
    }
    for (const entry of written) writeFileSync(entry, '\0\0 not a cache entry');
    ok(run({ XDG_CACHE_HOME: home }));
    // Foreign: a valid entry of another file (core's light.js, loaded the same way) under zod's name.
    const other = mkdtempSync(path.join(scratch, 'vendor-other-'));
    const light = pathToFileURL(path.join(PACKAGES, 'core', 'dist', 'light.js')).href;
    const lib = path.join(other, 'lib.cjs');
    writeFileSync(lib, 'exports.x = 1;\n');
    execFileSync(process.execPath, ['--input-type=module', '-e', `(await import(${JSON.stringify(light)})).requireWithCodeCache(${JSON.stringify(lib)})`], { env: { ...process.env, XDG_CACHE_HOME: other, NODE_DISABLE_COMPILE_CACHE: '' } });
    const [foreign] = entries(other);
    for (const entry of written) if (foreign) writeFileSync(entry, readFileSync(foreign));
    ok(run({ XDG_CACHE_HOME: home }));
  });
});

describe('compileCacheDir', () => {
  it.each([
    [{ XDG_CACHE_HOME: '/home/u/.cache' }, '/home/u/.cache/adlc/compile-cache'],
    [{ XDG_CACHE_HOME: 'relative' }, '/tmp/adlc-compile-cache-1000'],
    [{}, '/tmp/adlc-compile-cache-1000'],
  ])('%j -> %s', (env, expected) => expect(compileCacheDir(env, 1000, '/tmp')).toBe(expected));
});
