import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The built files: this is about what Node loads at run time, which only the build can show.
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const REGISTER = fileURLToPath(new URL('./fixtures/load-recorder/register.mjs', import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'adlc-light-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Imports a built entry in a fresh Node; returns its export names and every module loaded (ESM and CommonJS). */
function load(entry: string): { exports: string[]; loaded: string[] } {
  const log = path.join(scratch, `${entry}.log`);
  const script = [
    `const entry = await import(${JSON.stringify(pathToFileURL(path.join(DIST, entry)).href)});`,
    `const { createRequire } = await import('node:module');`,
    `const cjs = Object.keys(createRequire(process.cwd() + '/').cache);`,
    `console.log(JSON.stringify({ exports: Object.keys(entry).sort(), cjs }));`,
  ].join('\n');
  const stdout = execFileSync(process.execPath, ['--import', pathToFileURL(REGISTER).href, '--input-type=module', '-e', script], {
    env: { ...process.env, ADLC_LOAD_LOG: log },
    encoding: 'utf8',
  });
  const { exports, cjs } = JSON.parse(stdout) as { exports: string[]; cjs: string[] };
  const esm = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  return { exports, loaded: [...esm, ...cjs.map((file) => pathToFileURL(file).href)] };
}

const fromPackages = (loaded: string[]) => loaded.filter((url) => !url.startsWith('node:') && !url.startsWith(pathToFileURL(DIST).href));

describe('@adlc/core/light', () => {
  it('loads Node built-ins and its own files only: nothing from node_modules', () => {
    const { exports, loaded } = load('light.js');
    expect(exports).toEqual(['CODE_CACHE_WRAPPER_PREFIX', 'asksForHelpOrVersion', 'codeCacheDir', 'compileCacheDir', 'enableCompileCache', 'isInsideRoot', 'isProcessAlive', 'loadBundledCli', 'randomHex', 'relativeToRoot', 'requireWithCodeCache', 'sha1Hex', 'shellQuote', 'writeFileAtomic', 'writeFileAtomicSync', 'writeOut']);
    expect(loaded.some((url) => url.endsWith('/dist/light.js'))).toBe(true);
    expect(fromPackages(loaded)).toEqual([]);
    expect(loaded.filter((url) => /node_modules|zod|commander|execa|simple-git|typescript|anthropic|openai|genai/.test(url))).toEqual([]);
  });

  it('the recorder does see packages: the main entry loads zod', () => {
    const { loaded } = load('index.js');
    expect(fromPackages(loaded).some((url) => url.includes('/node_modules/') && url.includes('zod'))).toBe(true);
  });
});
