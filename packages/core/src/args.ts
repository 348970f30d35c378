// Argument parsing on commander, with the flags every tool shares, so the four CLIs read alike.
// Errors become OpErrors carrying the usage line; --help prints and ends with exit 0.

import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { HelpShown, OpError } from './errors.js';
import { mayBeTerminal, writeOut } from './stdio.js';
import { TIERS, type Tier } from './providers/types.js';

export type SharedFlag = 'json' | 'promptOnly' | 'tier' | 'allowDirty' | 'quiet';

export interface SharedOptions {
  json?: boolean;
  promptOnly?: boolean;
  tier?: Tier;
  allowDirty?: boolean;
  quiet?: boolean;
}

export interface ProgramSpec {
  name: string;
  description: string;
  version?: string;
  /** Shared flags to add, with the tool's default tier when 'tier' is among them. */
  shared?: SharedFlag[];
  defaultTier?: Tier;
  /** Text printed after the options in --help (examples, exit codes). */
  helpAfter?: string;
}

/** A commander program configured to throw instead of exiting, with the shared flags added. */
export function createProgram(spec: ProgramSpec): Command {
  const program = new Command(spec.name)
    .description(spec.description)
    .allowExcessArguments(false)
    .showSuggestionAfterError(true);
  if (spec.version) program.version(spec.version, '-V, --version');
  addSharedOptions(program, spec.shared ?? [], spec.defaultTier);
  if (spec.helpAfter) program.addHelpText('after', `\n${spec.helpAfter.trimEnd()}`);
  configureForMain(program);
  return program;
}

const HELP_WIDTH = 80;

export const QUIET_DESCRIPTION = 'print no progress and no notes on stderr (warnings and errors still print)';

/** Makes a (sub)command report errors as exceptions instead of exiting the process. */
export function configureForMain(command: Command): Command {
  command.exitOverride();
  const defaults = command.configureOutput();
  command.configureOutput({
    writeOut: (text) => writeOut(1, text),
    // commander asks the streams for the terminal's width, which creates them (stdio.ts): a pipe or a
    // file has none, and gets commander's own default (80). The help has no colours of its own to keep.
    getOutHelpWidth: () => (mayBeTerminal(1) ? defaults.getOutHelpWidth?.() : undefined) ?? HELP_WIDTH,
    getErrHelpWidth: () => (mayBeTerminal(2) ? defaults.getErrHelpWidth?.() : undefined) ?? HELP_WIDTH,
    getOutHasColors: () => false,
    getErrHasColors: () => false,
    // Errors are reported once, by runMain; commander's own copy is dropped.
    writeErr: () => {},
  });
  return command;
}

export function addSharedOptions(program: Command, flags: SharedFlag[], defaultTier: Tier = 'mid'): Command {
  for (const flag of flags) {
    switch (flag) {
      case 'json':
        program.option('--json', 'print one JSON document on stdout (machine-readable)');
        break;
      case 'promptOnly':
        program.option('--prompt-only', 'print the prompt(s) that would be sent and exit 0 (no API key needed)');
        break;
      case 'tier':
        program.addOption(
          new Option('--tier <tier>', 'model tier for the LLM calls').choices([...TIERS]).default(defaultTier),
        );
        break;
      case 'allowDirty':
        program.option('--allow-dirty', 'run even when the git working tree has uncommitted changes');
        break;
      case 'quiet':
        program.option('--quiet', QUIET_DESCRIPTION);
        break;
    }
  }
  return program;
}

/** Parses argv (without node and script). Returns the command that ran (for subcommands) and its options. */
export function parseArgs<T extends object = Record<string, unknown>>(
  program: Command,
  argv: string[],
): { opts: T; args: string[]; command: Command } {
  let invoked: Command = program;
  // Leaf subcommands get an action that only records which one ran; the work itself happens
  // after parsing, in the tool's own (async) code.
  const track = (cmd: Command) => {
    for (const sub of cmd.commands) {
      if (sub.commands.length > 0) track(sub);
      else sub.action(() => {
        invoked = sub;
      });
    }
  };
  track(program);
  try {
    program.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) throw new HelpShown();
      const failing = findCommand(program, argv);
      // Commander prints the help (to stderr, which we drop) when a command needs a subcommand.
      if (error.code === 'commander.help') {
        throw new OpError('a command is required', {
          hint: `run \`${commandPath(failing)} --help\` for the commands`,
          usage: failing.helpInformation(),
        });
      }
      const message = error.message.replace(/^error:\s*/i, '').trim();
      throw new OpError(message, {
        hint: `run \`${commandPath(failing)} --help\` for the options`,
        usage: `Usage: ${commandPath(failing)} ${failing.usage()}`,
      });
    }
    throw error;
  }
  const command = invoked;
  if (command === program && program.commands.length > 0) {
    throw new OpError('a command is required', {
      hint: `run \`${program.name()} --help\` for the commands`,
      usage: `Usage: ${program.name()} ${program.usage()}`,
    });
  }
  return { opts: command.optsWithGlobals() as T, args: command.args, command };
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function findCommand(program: Command, argv: string[]): Command {
  let current = program;
  for (const arg of argv) {
    const sub = current.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!sub) break;
    current = sub;
  }
  return current;
}

/** Option parser for an integer within bounds. */
export function intArg(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}`);
    }
    return n;
  };
}

/** Option parser for a number within bounds. */
export function floatArg(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
      throw new InvalidArgumentError(`expected a number from ${min} to ${max}`);
    }
    return n;
  };
}

/** Splits a comma-separated list, trimming and dropping empty items. */
export function listArg(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((s) => s.trim()).filter(Boolean)];
}

/** Option parser for a repeatable flag: each occurrence adds its value as given (commas included). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
