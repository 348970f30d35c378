import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The tools' built CLIs (tsup.tool.config.ts): a committed bin that imports the bundle, and a bundle whose
// heavy libraries load only behind import(). Only the build shows this, so the tools must be built first.
const PACKAGES = fileURLToPath(new URL('../../', import.meta.url));
const TOOLS = ['consensus-fix', 'review-calibration', 'tdd-kernel', 'consensus-synthesis', 'mcp'];
const LAZY = /^(@anthropic-ai\/sdk|@google\/genai|openai|typescript)(\/|$)/;

/** The specifiers of a file's top-level `import ... from "x"` and `import "x"` statements. */
export function staticImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm)].map((m) => m[1]!);
}
const dynamicImports = (source: string): string[] => [...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

/** Every file `node dist/cli.js` reads before its body runs: cli.js and the chunks it imports statically. */
function staticGraph(dist: string): { files: string[]; bare: string[] } {
  const files: string[] = [];
  const bare = new Set<string>();
  const visit = (file: string): void => {
    if (files.includes(file)) return;
    files.push(file);
    for (const spec of staticImports(readFileSync(path.join(dist, file), 'utf8'))) {
      if (spec.startsWith('./')) visit(spec.slice(2));
      else bare.add(spec);
    }
  };
  visit('cli.js');
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

describe.each(TOOLS)('%s', (tool) => {
  const dir = path.join(PACKAGES, tool);
  const dist = path.join(dir, 'dist');
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { bin: Record<string, string>; dependencies: Record<string, string>; files: string[] };
  const sources = readdirSync(dist).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(dist, f), 'utf8'));

  it('its bin is a committed file that enables the compile cache and imports the bundle', () => {
    const [name, bin] = Object.entries(pkg.bin)[0]!;
    expect(bin).toBe(`./bin/${name}.js`);
    expect(pkg.files).toContain('bin');
    const text = readFileSync(path.join(dir, bin), 'utf8');
    expect(text).toMatch(/^#!\/usr\/bin\/env node\n/);
    expect(text).toContain('module.enableCompileCache?.()');
    expect(dynamicImports(text)).toEqual(['../dist/cli.js']);
    expect(execFileSync(process.execPath, [path.join(dir, bin), '--help'], { encoding: 'utf8' })).toMatch(/^Usage: /);
  });

  it('loads the provider SDKs and the TypeScript compiler only behind import()', () => {
    const { bare } = staticGraph(dist);
    expect(bare.filter((spec) => LAZY.test(spec))).toEqual([]);
    expect(sources.flatMap(dynamicImports).filter((spec) => LAZY.test(spec)).map(packageName).sort()).toEqual(expect.arrayContaining(['@anthropic-ai/sdk', '@google/genai', 'openai']));
  });

  it('inlines the workspace\'s packages and declares every other package it imports (a strict install resolves them from the tool)', () => {
    const { bare } = staticGraph(dist);
    expect(bare.filter((spec) => spec.startsWith('@adlc/'))).toEqual([]);
    const names = sources.flatMap((s) => [...staticImports(s), ...dynamicImports(s)]).filter((s) => !s.startsWith('.') && !isBuiltin(s)).map(packageName);
    expect([...new Set(names)].filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });
});
