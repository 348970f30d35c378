// The project config file: adlc.config.json (or the "adlc" key of package.json), found by lilconfig
// from the working directory up to the repository root. Each tool reads its own section, checked by
// the same table as its flags; `provider` and `models` stand for ADLC_PROVIDER and ADLC_MODEL_*,
// below the environment. A file that says something the tool cannot use is an error (exit 1) naming
// the file, the key and what it takes, never silently ignored.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as z from 'zod';
import { opError } from '../outcome.js';
import { PROVIDER_IDS, TIERS } from '../providers/types.js';
import { allowedValues, type OptionTable } from './define-options.js';

export const CONFIG_FILE = 'adlc.config.json';
/** The key of package.json that holds the same object. */
export const PACKAGE_PROP = 'adlc';
/** One section per CLI, named after it. */
export const CONFIG_SECTIONS = ['consensus-fix', 'review-calibration', 'consensus-synthesis'] as const;

const MODELS = z.strictObject(Object.fromEntries(TIERS.map((tier) => [tier, z.string().min(1).optional()])));
const PROVIDER_KEYS = {
  provider: z.enum(PROVIDER_IDS).optional(),
  models: MODELS.optional(),
};

const FILE_SCHEMA = z.strictObject({
  $schema: z.string().optional(),
  ...PROVIDER_KEYS,
  ...Object.fromEntries(CONFIG_SECTIONS.map((section) => [section, z.unknown().optional()])),
});

export interface ConfigFile {
  /** Absolute path of the file read. */
  file: string;
  /** The adlc object: the whole of adlc.config.json, or package.json's "adlc" value. */
  config: unknown;
}

export interface FindConfigOptions {
  cwd: string;
  /** Where to look, relative to each directory from cwd up: adlc.config.json, then package.json's "adlc". */
  searchPlaces?: string[];
  /** Where the search stops; the repository root by default (cwd itself outside a repository). */
  stopDir?: string;
}

/** The nearest config file from cwd up to the stop directory, or null. Invalid JSON is an OpError naming the file. */
export async function findConfigFile(options: FindConfigOptions): Promise<ConfigFile | null> {
  const { cwd, explorerOptions } = searchOf(options);
  try {
    return foundFile(await lilconfigModule().lilconfig(PACKAGE_PROP, explorerOptions).search(cwd));
  } catch (error) {
    throw asJsonError(error, cwd);
  }
}

/** findConfigFile for callers that cannot wait (a library entry whose API is synchronous). */
export function findConfigFileSync(options: FindConfigOptions): ConfigFile | null {
  const { cwd, explorerOptions } = searchOf(options);
  try {
    return foundFile(lilconfigModule().lilconfigSync(PACKAGE_PROP, explorerOptions).search(cwd));
  } catch (error) {
    throw asJsonError(error, cwd);
  }
}

/**
 * lilconfig (CommonJS) is required on the first search, not with this module: the option tables this
 * module checks also build every CLI's --help, which never reads a config file.
 */
function lilconfigModule(): typeof import('lilconfig') {
  return createRequire(import.meta.url)('lilconfig') as typeof import('lilconfig');
}

function searchOf(options: FindConfigOptions) {
  const cwd = path.resolve(options.cwd);
  const stopDir = options.stopDir ?? repositoryRoot(cwd) ?? cwd;
  // No cache: a long-lived host (the MCP server) must see the file as it is at each call.
  const explorerOptions = { searchPlaces: options.searchPlaces ?? [CONFIG_FILE, 'package.json'], stopDir, cache: false, loaders: { '.json': parseJson } };
  return { cwd, explorerOptions };
}

function foundFile(found: { filepath: string; config: unknown } | null): ConfigFile | null {
  return found ? { file: found.filepath, config: found.config } : null;
}

function asJsonError(error: unknown, cwd: string): unknown {
  const file = (error as { filepath?: string }).filepath;
  if (!file) return error;
  return opError(`${displayPath(file, cwd)} is not valid JSON: ${(error as Error).message}`, { hint: 'fix the file, or remove it' });
}

function parseJson(file: string, content: string): unknown {
  try {
    return JSON.parse(content) as unknown;
  } catch (error) {
    // lilconfig reports the error as it is: the file's name travels with it.
    throw Object.assign(error as Error, { filepath: file });
  }
}

/**
 * The directory holding `.git` (a directory, or a worktree's file), from cwd up; null outside a
 * repository. A look at the disk rather than `git rev-parse`: it bounds a search, and must work
 * where git is not a repository's (a general prompt asked anywhere).
 */
function repositoryRoot(cwd: string): string | null {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

export interface ProjectConfig<T = Record<string, unknown>> {
  /** The file read (absolute), or null when there is none. */
  file: string | null;
  /** The tool's section: the keys set there, checked. */
  options: Partial<T>;
  /** `provider` and `models` (the section's over the file's) as the variables they stand for. */
  env: Record<string, string>;
}

/** Reads and checks the tool's section of the project config file (none: an empty config). */
export async function loadProjectConfig<T extends OptionTable>(table: T, options: FindConfigOptions): Promise<ProjectConfig<z.input<T['schema']>>> {
  const found = await findConfigFile(options);
  if (found === null) return { file: null, options: {}, env: {} };
  const where = { file: found.file, cwd: path.resolve(options.cwd), prefix: path.basename(found.file) === 'package.json' ? [PACKAGE_PROP] : [] };
  const top = checkConfigObject(FILE_SCHEMA, found.config, where, `the file takes ${Object.keys(FILE_SCHEMA.shape).join(', ')}`);
  const section = checkConfigObject(sectionSchema(table), (top as Record<string, unknown>)[table.name] ?? {}, { ...where, prefix: [...where.prefix, table.name] }, `"${table.name}" takes ${configKeys(table).join(', ')}`);
  const { provider, models, ...values } = section as Record<string, unknown> & { provider?: string; models?: Record<string, string | undefined> };
  const checked = fromFileDir(table, values, path.dirname(found.file)) as Partial<z.input<T['schema']>>;
  return { file: found.file, options: checked, env: providerEnv(top, { provider, models }) };
}

/** Paths in the file are the file's: made absolute against its directory, so any cwd in the repository finds them. */
function fromFileDir(table: OptionTable, values: Record<string, unknown>, dir: string): Record<string, unknown> {
  const resolved = { ...values };
  for (const field of table.fields) {
    const value = resolved[field.key];
    if (!field.meta.path || value === undefined) continue;
    resolved[field.key] = Array.isArray(value) ? value.map((v) => path.resolve(dir, String(v))) : path.resolve(dir, String(value));
  }
  return resolved;
}

/** The keys a tool's section takes: its configurable options, then provider and models. */
export function configKeys(table: OptionTable): string[] {
  return [...table.fields.filter((f) => f.configurable).map((f) => f.key), ...Object.keys(PROVIDER_KEYS)];
}

function sectionSchema(table: OptionTable): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of table.fields) if (field.configurable) shape[field.key] = field.base.optional();
  return z.strictObject({ ...shape, ...PROVIDER_KEYS });
}

function providerEnv(
  top: { provider?: string; models?: Record<string, string | undefined> },
  section: { provider?: string; models?: Record<string, string | undefined> },
): Record<string, string> {
  const env: Record<string, string> = {};
  const provider = section.provider ?? top.provider;
  if (provider) env.ADLC_PROVIDER = provider;
  for (const tier of TIERS) {
    const model = section.models?.[tier] ?? top.models?.[tier];
    if (model) env[`ADLC_MODEL_${tier.toUpperCase()}`] = model;
  }
  return env;
}

/** The environment with the config file's provider and models below it: a variable that is set wins. */
export function withConfigEnv(env: NodeJS.ProcessEnv, config: Pick<ProjectConfig, 'env'>): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(config.env)) if (!env[name]?.trim()) merged[name] = value;
  return merged;
}

export interface ConfigPlace {
  /** The file (absolute). */
  file: string;
  /** Where the tool runs: the file is named relative to it. */
  cwd: string;
  /** The keys leading to the checked object inside the file. */
  prefix: string[];
}

/**
 * A config object checked by a zod object (strict), or an OpError naming the file, the key and what it
 * takes (`takes`: the keys it allows, said in the hint of an unknown key). Also for a tool's own file.
 */
export function checkConfigObject<S extends z.ZodObject>(schema: S, value: unknown, where: ConfigPlace, takes: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const file = displayPath(where.file, where.cwd);
  if (issue.code === 'unrecognized_keys') {
    const key = keyPath([...where.prefix, ...issue.path.map(String), issue.keys[0]!]);
    throw opError(`${file}: unknown key ${key}`, { hint: `${takes}; fix or remove ${key} in ${file}` });
  }
  const key = keyPath([...where.prefix, ...issue.path.map(String)]);
  const got = valueAt(value, issue.path);
  const expected = issue.path.length === 0 ? 'an object' : allowedValues(schemaAt(schema, issue.path));
  throw opError(`${file}: ${key} is ${shown(got)}; expected ${expected}`, { hint: `fix or remove ${key} in ${file}` });
}

function keyPath(keys: string[]): string {
  return keys.length === 0 ? 'the top level' : `"${keys.join('.')}"`;
}

function schemaAt(schema: z.ZodType, keys: readonly PropertyKey[]): z.ZodType {
  let current = schema;
  for (const key of keys) {
    while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType;
    if (current instanceof z.ZodObject && typeof key === 'string' && key in current.shape) current = current.shape[key] as z.ZodType;
    else if (current instanceof z.ZodArray && typeof key === 'number') current = current.element as z.ZodType;
    else break;
  }
  return current;
}

function valueAt(value: unknown, keys: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of keys) current = typeof current === 'object' && current !== null ? (current as Record<PropertyKey, unknown>)[key] : undefined;
  return current;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A path as the user would type it from cwd: relative inside cwd, absolute elsewhere. */
function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}
