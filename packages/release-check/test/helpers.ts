// What the release checks share: where the packages and their built CLIs are, and the JSON Schema
// validator an orchestrator in any language would use (ajv, draft 2020-12, strict), reading the
// schema files the build wrote, never the zod schemas they come from.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { runCli, type CliResult } from '@adlc/testkit';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const TOOLS = ['consensus-fix', 'review-calibration', 'tdd-kernel', 'consensus-synthesis'] as const;
export type Tool = (typeof TOOLS)[number];
export const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));

export function packageDir(folder: string): string {
  return join(ROOT, 'packages', folder);
}

export function manifest(folder: string): { name: string; version: string; private?: boolean; exports?: Record<string, unknown> } {
  return JSON.parse(readFileSync(join(packageDir(folder), 'package.json'), 'utf8'));
}

/** The tool's bin as its package.json names it (bin/<tool>.js, which imports dist/cli.js). */
export function bin(tool: Tool): string {
  const { bin: bins } = JSON.parse(readFileSync(join(packageDir(tool), 'package.json'), 'utf8')) as { bin: Record<string, string> };
  const path = join(packageDir(tool), bins[tool]!);
  const bundle = join(packageDir(tool), 'dist', 'cli.js');
  if (!existsSync(bundle)) throw new Error(`build first (npx -y pnpm@10 run build): ${bundle} is missing`);
  return path;
}

export function cli(tool: Tool, args: string[], cwd: string, env: Record<string, string | undefined> = {}, input?: string): Promise<CliResult> {
  return runCli(bin(tool), args, { cwd, env: { ADLC_RETRY_BASE_MS: '1', ...env }, timeoutMs: 50_000, ...(input === undefined ? {} : { input }) });
}

/** The published packages (not private) that have a schemas/ directory, by folder name. */
export function schemaPackages(): string[] {
  return readdirSync(join(ROOT, 'packages'))
    .filter((folder) => existsSync(join(packageDir(folder), 'package.json')) && !manifest(folder).private && manifest(folder).exports?.['./schemas/*'] !== undefined)
    .sort();
}

/** Every schema file the build wrote, as `<folder>/schemas/<name>.json`. */
export function schemaFiles(): string[] {
  return schemaPackages().flatMap((folder) => {
    const dir = join(packageDir(folder), 'schemas');
    if (!existsSync(dir)) throw new Error(`build first (npx -y pnpm@10 run build): ${dir} is missing`);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => `${folder}/schemas/${f}`);
  });
}

/** ajv in strict mode; union types (`"type": ["number", "null"]`) are plain JSON Schema, so allowed. */
export function strictAjv(): Ajv2020 {
  return new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
}

const compiled = new Map<string, ValidateFunction>();
const ajv = strictAjv();

/** Validates one document against `packages/<folder>/schemas/<name>.json`; throws naming every error. */
export function assertValid(folder: string, name: string, doc: unknown): void {
  const file = join(packageDir(folder), 'schemas', `${name}.json`);
  let validate = compiled.get(file);
  if (!validate) {
    validate = ajv.compile(JSON.parse(readFileSync(file, 'utf8')));
    compiled.set(file, validate);
  }
  if (!validate(doc)) {
    throw new Error(`${folder}/schemas/${name}.json rejects the document: ${ajv.errorsText(validate.errors, { separator: '; ' })}\n${JSON.stringify(doc).slice(0, 2000)}`);
  }
}

/** stdout as the one JSON document it must be. */
export function stdoutJson(result: CliResult): unknown {
  try {
    return JSON.parse(result.stdout);
  } catch {
    throw new Error(`stdout is not one JSON document (exit ${result.exitCode}):\n${result.stdout}\n--- stderr ---\n${result.stderr}`);
  }
}

/** Each non-empty line of a JSON-lines file, parsed. */
export function jsonLines(path: string): unknown[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}
