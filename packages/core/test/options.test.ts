import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OpError } from '../src/errors.js';
import { createProgram, parseArgs } from '../src/args.js';
import { addOptions, givenOptions } from '../src/options/commander-flags.js';
import { checkConfigObject, configKeys, findConfigFile, findConfigFileSync, loadProjectConfig, withConfigEnv } from '../src/options/config-file.js';
import { allowedValues, defineOptions, flagMeta } from '../src/options/define-options.js';
import { resolveOptions, toolShape } from '../src/options/resolve-options.js';
import { SHARED_OPTIONS, tierOption } from '../src/options/shared-options.js';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';

const TABLE = defineOptions('consensus-synthesis', {
  json: SHARED_OPTIONS.json,
  tier: tierOption('mid'),
  prompt: z.string().optional().describe('the question').register(flagMeta, { value: 'text', config: false }),
  n: z.number().int().min(1).max(100).default(5).describe('number of candidates').register(flagMeta, { value: 'int', short: 'n' }),
  timeout: z.number().min(0.1).max(3600).default(30).describe('bound on each call').register(flagMeta, { value: 'seconds' }),
  failOn: z.enum(['high', 'never']).default('high').describe('when to fail').register(flagMeta, { value: 'tier' }),
  reviewers: z.array(z.string()).optional().describe('who reviews').register(flagMeta, { value: 'list', list: 'repeat' }),
  files: z.array(z.string()).optional().describe('files').register(flagMeta, { value: 'paths', list: 'comma' }),
  apply: z.boolean().default(false).describe('write it').register(flagMeta, { negatable: true }),
  logDir: z.string().optional().describe('where the logs go').register(flagMeta, { value: 'dir', path: true }),
});

function program() {
  return addOptions(createProgram({ name: 'consensus-synthesis', description: 'test' }), TABLE);
}

function given(argv: string[]) {
  const { command } = parseArgs(program(), argv);
  return givenOptions(command, TABLE);
}

function parseError(argv: string[]): OpError {
  try {
    given(argv);
  } catch (error) {
    if (OpError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('allowedValues', () => {
  it.each<[string, z.ZodType]>([
    ['a whole number from 1 to 100', z.number().int().min(1).max(100)],
    ['a whole number from 1 up', z.number().int().min(1)],
    ['a number from 0.1 to 3600', z.number().min(0.1).max(3600).default(30)],
    ['one of "a", "b"', z.enum(['a', 'b']).optional()],
    ['true or false', z.boolean()],
    ['a string', z.string()],
    ['a non-empty string', z.string().min(1)],
    ['a list of strings', z.array(z.string())],
    ['"all" or a whole number from 1 to 10', z.union([z.literal('all'), z.coerce.number().int().min(1).max(10)]).default(1)],
    ['one of "x", "y"', z.literal(['x', 'y'])],
  ])('says %s', (expected, schema) => expect(allowedValues(schema)).toBe(expected));
});

describe('flags derived from the table', () => {
  it.each<[string[], Record<string, unknown>]>([
    [[], {}],
    [['--n', '7'], { n: 7 }],
    [['-n', '3', '--timeout=0.5'], { n: 3, timeout: 0.5 }],
    [['--fail-on', 'never', '--tier', 'frontier'], { failOn: 'never', tier: 'frontier' }],
    [['--reviewers', 'command:a,b', '--reviewers', 'openai'], { reviewers: ['command:a,b', 'openai'] }],
    [['--files', 'a.ts, b.ts', '--files', 'c.ts'], { files: ['a.ts', 'b.ts', 'c.ts'] }],
    [['--apply'], { apply: true }],
    [['--no-apply'], { apply: false }],
    [['--json', '--prompt', 'why?'], { json: true, prompt: 'why?' }],
  ])('%j → %j (absent flags absent)', (argv, expected) => expect(given(argv)).toEqual(expected));

  it.each<[string[], RegExp]>([
    [['--n', '0'], /option '-n, --n <int>' argument '0' is invalid. expected a whole number from 1 to 100/],
    [['--n', '1e2'], /expected a whole number from 1 to 100/],
    [['--n', '2.5'], /expected a whole number from 1 to 100/],
    [['--timeout', ''], /expected a number from 0.1 to 3600/],
    [['--timeout', '9999'], /expected a number from 0.1 to 3600/],
    [['--fail-on', 'low'], /argument 'low' is invalid. Allowed choices are high, never/],
    [['--nope'], /unknown option '--nope'/],
  ])('%j is refused: %s', (argv, message) => {
    const error = parseError(argv);
    expect(error.message).toMatch(message);
    expect(error.hint).toBe('run `consensus-synthesis --help` for the options');
  });

  it('--help shows each default and config key beside its flag, and where the file is', () => {
    const out: string[] = [];
    const p = program();
    p.configureOutput({ writeOut: (s) => out.push(s) });
    p.outputHelp();
    // Commander wraps long descriptions; the words are what is checked.
    const text = out.join('').replace(/\n {10,}/g, ' ');
    expect(text).toContain('-n, --n <int>');
    expect(text).toMatch(/--timeout <seconds>\s+bound on each call \(default: 30, config: timeout\)/);
    expect(text).toMatch(/--fail-on <tier>\s+when to fail \(choices: "high", "never", default: "high", config: failOn\)/);
    expect(text).toMatch(/--prompt <text>\s+the question\n/);
    expect(text).toMatch(/--json\s+print one JSON document on stdout \(machine-readable\)\n/);
    expect(text).toContain('Config file: adlc.config.json at the repository root, or the "adlc" key of\npackage.json; its "consensus-synthesis" object takes the keys shown as config.\nA flag beats the file, the file beats the default.');
  });

  it('a required option that the config file cannot set is mandatory on the command line', () => {
    const table = defineOptions('t', { mode: z.enum(['a', 'b']).describe('what').register(flagMeta, { value: 'mode', config: false }) });
    const p = addOptions(createProgram({ name: 't', description: 'test' }), table);
    expect(() => parseArgs(p, [])).toThrow(/required option '--mode <mode>' not specified/);
    // Nothing in it is a config key: the help says nothing about the file.
    const out: string[] = [];
    p.configureOutput({ writeOut: (text) => out.push(text) });
    p.outputHelp();
    expect(out.join('')).toContain('--mode <mode>');
    expect(out.join('')).not.toMatch(/config/i);
  });
});

describe('resolveOptions: flag, then config, then default', () => {
  it.each<[Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]>([
    [{}, {}, { n: 5, timeout: 30, failOn: 'high', tier: 'mid', json: false, apply: false }],
    [{}, { n: 9 }, { n: 9 }],
    [{ n: 2 }, { n: 9 }, { n: 2 }],
    [{ n: undefined }, { n: 9 }, { n: 9 }],
    [{ reviewers: ['x'] }, { reviewers: ['y', 'z'] }, { reviewers: ['x'] }],
  ])('given %j over config %j', (flags, config, expected) => {
    expect(resolveOptions(TABLE, flags, { options: config })).toMatchObject(expected);
  });

  it('a bad value from a library call names the flag and what it takes', () => {
    expect(() => resolveOptions(TABLE, { n: 0 })).toThrow('--n is 0; expected a whole number from 1 to 100');
    expect(() => resolveOptions(TABLE, { nope: 1 } as never)).toThrow('unknown option nope');
  });
});

describe('toolShape (an MCP tool input)', () => {
  it('keeps bounds, drops defaults (so the config file still applies), says the default', () => {
    const input = z.strictObject(toolShape(TABLE, ['n', 'failOn']));
    expect(input.parse({})).toEqual({});
    expect(input.safeParse({ n: 0 }).success).toBe(false);
    expect(input.shape.n.description).toBe('number of candidates (default: 5)');
    const json = z.toJSONSchema(input) as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    expect(json.properties.n).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(json.properties.failOn).toMatchObject({ enum: ['high', 'never'] });
    expect(json.required).toBeUndefined();
  });
});

describe('the project config file', () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.cleanup()));
  const repo = (files: Record<string, string>): TempRepo => {
    const r = makeTempRepo({ files: { 'README.md': 'x\n', ...files } });
    repos.push(r);
    return r;
  };
  const load = (cwd: string) => loadProjectConfig(TABLE, { cwd });
  const json = (value: unknown) => JSON.stringify(value);

  it('no file: nothing set', async () => {
    expect(await load(repo({}).dir)).toEqual({ file: null, options: {}, env: {} });
  });

  it('adlc.config.json at the root, read from a subdirectory; provider and models become the variables', async () => {
    const r = repo({
      'adlc.config.json': json({ provider: 'openai', models: { mid: 'm-top' }, 'consensus-synthesis': { n: 9, reviewers: ['a'], logDir: 'logs', models: { mid: 'm-own', cheap: 'c' } }, 'consensus-fix': { anything: 1 } }),
      'pkg/sub/x.txt': 'x\n',
      'pkg/package.json': json({ name: 'pkg' }),
    });
    const config = await load(path.join(r.dir, 'pkg', 'sub'));
    expect(config.file).toBe(path.join(r.dir, 'adlc.config.json'));
    // A path in the file is the file's, wherever the tool runs.
    expect(config.options).toEqual({ n: 9, reviewers: ['a'], logDir: path.join(r.dir, 'logs') });
    expect(config.env).toEqual({ ADLC_PROVIDER: 'openai', ADLC_MODEL_MID: 'm-own', ADLC_MODEL_CHEAP: 'c' });
    // The environment stays above the file.
    expect(withConfigEnv({ ADLC_PROVIDER: 'gemini', ADLC_MODEL_CHEAP: ' ' }, config)).toEqual({ ADLC_PROVIDER: 'gemini', ADLC_MODEL_MID: 'm-own', ADLC_MODEL_CHEAP: 'c' });
  });

  it('the "adlc" key of package.json', async () => {
    const r = repo({ 'package.json': json({ name: 'x', adlc: { 'consensus-synthesis': { failOn: 'never' } } }) });
    expect((await load(r.dir)).options).toEqual({ failOn: 'never' });
  });

  it('stops at the repository root', async () => {
    const outer = repo({ 'adlc.config.json': json({ 'consensus-synthesis': { n: 2 } }) });
    const inner = path.join(outer.dir, 'nested');
    mkdirSync(path.join(inner, '.git'), { recursive: true });
    expect((await load(inner)).file).toBeNull();
  });

  it.each<[unknown, string, string]>([
    [{ 'consensus-synthesis': { n: 0 } }, 'adlc.config.json: "consensus-synthesis.n" is 0; expected a whole number from 1 to 100', 'fix or remove "consensus-synthesis.n" in adlc.config.json'],
    [{ 'consensus-synthesis': { failOn: 'low' } }, 'adlc.config.json: "consensus-synthesis.failOn" is "low"; expected one of "high", "never"', 'fix or remove'],
    [{ 'consensus-synthesis': { reviewers: 'a' } }, '"consensus-synthesis.reviewers" is "a"; expected a list of strings', 'fix or remove'],
    [{ 'consensus-synthesis': { nn: 2 } }, 'adlc.config.json: unknown key "consensus-synthesis.nn"', '"consensus-synthesis" takes tier, n, timeout, failOn, reviewers, files, apply, logDir, provider, models'],
    [{ 'consensus-synthesis': { prompt: 'x' } }, 'unknown key "consensus-synthesis.prompt"', 'takes'],
    [{ 'consensus-synthesis': { json: true } }, 'unknown key "consensus-synthesis.json"', 'takes'],
    [{ 'consensus-synthesis': { models: { huge: 'x' } } }, 'unknown key "consensus-synthesis.models.huge"', 'takes'],
    [{ 'consensus-synthesys': {} }, 'adlc.config.json: unknown key "consensus-synthesys"', 'the file takes $schema, provider, models, consensus-fix, review-calibration, consensus-synthesis'],
    [{ provider: 'mistral' }, '"provider" is "mistral"; expected one of "anthropic", "openai", "gemini", "command", "fixture"', 'fix or remove "provider"'],
    [{ 'consensus-synthesis': [] }, '"consensus-synthesis" is []; expected an object', 'fix or remove'],
    [[], 'adlc.config.json: the top level is []; expected an object', 'fix or remove'],
  ])('%j is exit 1 naming file, key and what is allowed', async (content, message, hint) => {
    const r = repo({ 'adlc.config.json': json(content) });
    const error = await load(r.dir).then(
      () => null,
      (e: unknown) => e,
    );
    expect(OpError.isInstance(error)).toBe(true);
    expect((error as OpError).message).toContain(message);
    expect((error as OpError).hint).toContain(hint);
  });

  it('names package.json and the "adlc" key, and a file that is not JSON', async () => {
    const r = repo({ 'package.json': json({ adlc: { 'consensus-synthesis': { timeout: 0 } } }) });
    await expect(load(r.dir)).rejects.toThrow('package.json: "adlc.consensus-synthesis.timeout" is 0; expected a number from 0.1 to 3600');
    writeFileSync(path.join(r.dir, 'adlc.config.json'), '{ "consensus-synthesis": ');
    await expect(load(path.join(r.dir))).rejects.toThrow(/^adlc\.config\.json is not valid JSON: /);
  });

  it('a tool with a file of its own (tdd-kernel\'s .tdd-kernel/config.json): the same search and the same errors', async () => {
    const r = repo({ '.tdd-kernel/config.json': json({ verify: 'npm test', runner: 'mocha' }), 'sub/x.txt': 'x\n' });
    const found = await findConfigFile({ cwd: path.join(r.dir, 'sub'), searchPlaces: ['.tdd-kernel/config.json'] });
    expect(found).toEqual({ file: path.join(r.dir, '.tdd-kernel', 'config.json'), config: { verify: 'npm test', runner: 'mocha' } });
    const schema = z.strictObject({ verify: z.string().optional(), runner: z.enum(['vitest', 'jest']).optional() });
    expect(() => checkConfigObject(schema, found!.config, { file: found!.file, cwd: r.dir, prefix: [] }, 'the file takes verify, runner')).toThrow(
      '.tdd-kernel/config.json: "runner" is "mocha"; expected one of "vitest", "jest"',
    );
  });

  it('findConfigFileSync finds what findConfigFile finds, and names a file that is not JSON alike', async () => {
    const r = repo({ '.tdd-kernel/config.json': json({ verify: 'npm test' }), 'sub/x.txt': 'x\n' });
    const options = { cwd: path.join(r.dir, 'sub'), searchPlaces: ['.tdd-kernel/config.json'] };
    expect(findConfigFileSync(options)).toEqual(await findConfigFile(options));
    r.write({ '.tdd-kernel/config.json': '{"verify": ' });
    const sync = (() => {
      try {
        findConfigFileSync(options);
      } catch (error) {
        return error as OpError;
      }
    })();
    expect(sync).toBeInstanceOf(OpError);
    await expect(findConfigFile(options)).rejects.toThrow(sync!.message);
    expect(sync!.message.startsWith(`${path.join(r.dir, '.tdd-kernel', 'config.json')} is not valid JSON`)).toBe(true);
  });

  it('configKeys lists the section\'s keys', () => {
    expect(configKeys(TABLE)).toEqual(['tier', 'n', 'timeout', 'failOn', 'reviewers', 'files', 'apply', 'logDir', 'provider', 'models']);
  });
});
