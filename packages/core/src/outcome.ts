// Verdicts are data, failures are errors. A command returns pass()/gateFail() or throws an
// OpError; the CLI's single main (runMain) maps that to stdout, stderr and the exit code.

import { AdlcError, HelpShown, InterruptedError, OpError, ProviderError } from './errors.js';
import { installInterruptHandlers } from './interrupt.js';
import { redactSecrets } from './redact.js';
import { failureHint, failureKind } from './failure-hints.js';
import { flushStdio, watchStdio, writeOut } from './stdio.js';
import type { ErrorOutput } from './error-output.js';

export const EXIT = { pass: 0, opError: 1, gateFail: 2 } as const;

const OUTCOME = Symbol.for('adlc.outcome');

/** What goes to stdout: one JSON document, or the human report. */
export type OutputDoc = { json: unknown } | { text: string };

export interface Outcome<T = unknown> {
  readonly [OUTCOME]: true;
  readonly verdict: 'pass' | 'gate-fail';
  readonly exitCode: 0 | 2;
  readonly result: T;
  readonly output: OutputDoc | undefined;
}

export function pass<T>(result: T, output?: OutputDoc): Outcome<T> {
  return { [OUTCOME]: true, verdict: 'pass', exitCode: 0, result, output };
}

export function gateFail<T>(result: T, output?: OutputDoc): Outcome<T> {
  return { [OUTCOME]: true, verdict: 'gate-fail', exitCode: 2, result, output };
}

export function isOutcome(value: unknown): value is Outcome {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[OUTCOME] === true;
}

/** Builds the operational error (exit 1); `throw opError(...)`. */
export function opError(message: string, options: { hint?: string; cause?: unknown; usage?: string } = {}): OpError {
  return new OpError(message, options);
}

/** Writes exactly one JSON document (and a newline) to stdout. */
export function printJson(value: unknown, stream: NodeJS.WritableStream = process.stdout): void {
  stream.write(jsonText(value));
}

const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Prompts shown by --prompt-only: printed, never sent; needs no key. */
export function promptOnly(
  prompts: ReadonlyArray<{ label: string; system?: string; prompt: string }>,
  json: boolean,
): Outcome<{ prompts: typeof prompts }> {
  const result = { prompts };
  if (json) return pass(result, { json: { promptOnly: true, prompts } });
  const text = prompts
    .map((p) => [`===== ${p.label} =====`, ...(p.system ? ['--- system ---', p.system, '--- prompt ---'] : []), p.prompt].join('\n'))
    .join('\n\n');
  return pass(result, { text });
}

export interface MainOptions {
  /** The argv the CLI was started with (to know whether --json was asked before parsing succeeds). */
  argv?: string[];
  env?: NodeJS.ProcessEnv;
}

function wantsJson(argv: string[]): boolean {
  return argv.some((arg) => arg === '--json' || arg === '--json=true');
}

/**
 * The one place a CLI exits. Runs the command, prints its output, maps verdicts to 0/2 and every
 * failure to 1 (130/143 for SIGINT/SIGTERM), with a one-line message on stderr and no stack trace.
 */
export async function runMain(name: string, command: () => Promise<Outcome>, options: MainOptions = {}): Promise<never> {
  const argv = options.argv ?? process.argv.slice(2);
  const env = options.env ?? process.env;
  const json = wantsJson(argv);
  installInterruptHandlers();
  let code: number | undefined;
  // A reader that goes away (`tool ... | head`) is not an error of ours: stop quietly. The streams are
  // watched, not created: the output below goes to the descriptors unless a command used them (stdio.ts).
  watchStdio((stream) =>
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(code ?? 0);
      throw error;
    }),
  );
  try {
    const outcome = await command();
    if (outcome.output) {
      if ('json' in outcome.output) writeOut(1, jsonText(outcome.output.json));
      else if (outcome.output.text !== '') {
        const text = outcome.output.text;
        writeOut(1, text.endsWith('\n') ? text : `${text}\n`);
      }
    }
    code = outcome.exitCode;
  } catch (error) {
    code = reportFailure(name, error, json, env);
  }
  await flushStdio();
  process.exit(code);
}

function reportFailure(name: string, error: unknown, json: boolean, env: NodeJS.ProcessEnv): number {
  if (HelpShown.isInstance(error)) return 0;
  if (InterruptedError.isInstance(error)) {
    writeOut(2, `${name}: interrupted by ${error.signal}; anything it had changed was put back\n`);
    return error.exitCode;
  }
  if (!AdlcError.isInstance(error) && env.ADLC_DEBUG) writeOut(2, `${(error instanceof Error ? error : new Error(String(error))).stack ?? ''}\n`);
  const doc = errorDocument(error, env);
  const { message, hint } = doc.error;
  writeOut(2, `${name}: error: ${message}\n`);
  if (hint) writeOut(2, `${name}: ${hint}\n`);
  const usage = OpError.isInstance(error) ? error.usage : undefined;
  if (usage) writeOut(2, `${usage.trimEnd()}\n`);
  if (json) writeOut(1, jsonText(doc));
  return 1;
}

/**
 * The `{"error": ...}` document of an operational failure, as a CLI prints it under --json: the
 * message (redacted), the hint that fixes it, and for a provider failure the provider and status.
 * Anything that is not one of our errors is an internal error. Also what a host that runs the tools
 * in-process (the MCP server) answers with.
 */
export function errorDocument(error: unknown, env: NodeJS.ProcessEnv = process.env): ErrorOutput {
  let message: string;
  let hint: string | undefined;
  let extra: { provider?: string; status?: number | string } = {};
  if (OpError.isInstance(error)) {
    ({ message, hint } = error);
  } else if (ProviderError.isInstance(error)) {
    message = error.message;
    hint = failureHint([failureKind(error)]);
    extra = { provider: error.provider, status: error.status };
  } else if (AdlcError.isInstance(error)) {
    ({ message, hint } = error);
  } else {
    const err = error instanceof Error ? error : new Error(String(error));
    message = `internal error: ${err.message}`;
    hint = 'this is a bug; run again with ADLC_DEBUG=1 for the stack trace and report it';
  }
  return { error: { message: redactSecrets(message, env), exitCode: 1, ...(hint ? { hint } : {}), ...extra } };
}
