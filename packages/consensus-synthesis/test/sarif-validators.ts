// Two independent checks of a SARIF log: the SARIF 2.1.0 JSON Schema (the copy Microsoft's SARIF
// Multitool ships) under ajv, and the Multitool's own `validate`, whose errors are what a consumer
// such as code scanning refuses.

import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';

const shipped: string = createRequire(import.meta.url)('@microsoft/sarif-multitool');
const schema = JSON.parse(readFileSync(join(dirname(shipped), 'sarif-2.1.0.json'), 'utf8'));
const validate = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(schema);

/** Schema errors, as `path: message` lines (empty when the log is valid). */
export function schemaErrors(log: unknown): string[] {
  return validate(log) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath}: ${e.message}`);
}

/**
 * The Multitool binary, runnable: its npm tarball ships it without the execute bit, so a copy
 * (made once per machine, in the temp dir) gets one.
 */
function multitoolBinary(): string {
  const version = JSON.parse(readFileSync(join(dirname(shipped), 'package.json'), 'utf8')).version as string;
  const target = join(tmpdir(), `adlc-sarif-multitool-${version}`, 'Sarif.Multitool');
  if (!existsSync(target)) {
    mkdirSync(dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    copyFileSync(shipped, partial);
    chmodSync(partial, 0o755);
    renameSync(partial, target);
  }
  return target;
}

/** The Multitool's results of level error for the log in `file`, as `RULE: message` lines. */
export function multitoolErrors(file: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'sarif-validate-'));
  try {
    const out = join(dir, 'validation.sarif');
    execFileSync(multitoolBinary(), ['validate', file, '--output', out, '--quiet'], { stdio: 'pipe', env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1' } });
    const results: Array<{ ruleId: string; level?: string; message: { text?: string; id?: string; arguments?: string[] } }> = JSON.parse(readFileSync(out, 'utf8')).runs[0].results ?? [];
    return results.filter((r) => r.level === 'error').map((r) => `${r.ruleId}: ${r.message.text ?? [r.message.id, ...(r.message.arguments ?? [])].join(' ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the log to a temp file and runs the Multitool on it. */
export function multitoolErrorsOf(log: unknown): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'sarif-log-'));
  try {
    const file = join(dir, 'log.sarif');
    writeFileSync(file, JSON.stringify(log));
    return multitoolErrors(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
