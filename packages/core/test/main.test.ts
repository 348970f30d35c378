import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ErrorOutputSchema } from '../src/error-output.js';
import { runCli } from '@adlc/testkit';

const bin = fileURLToPath(new URL('./fixtures/sample-cli.mjs', import.meta.url));
const cwd = fileURLToPath(new URL('.', import.meta.url));
const run = (args: string[], env: Record<string, string> = {}) => runCli(bin, args, { cwd, env });

describe('runMain and parseArgs through a real CLI process', () => {
  it.each([
    [['--verdict', 'pass'], 0],
    [['--verdict=fail'], 2],
    [['--verdict', 'error'], 1],
    [['--verdict', 'crash'], 1],
  ])('%j exits %i', async (args, code) => {
    expect((await run(args)).exitCode).toBe(code);
  });

  it('prints exactly one JSON document on stdout under --json', async () => {
    const result = await run(['--json', '--verdict', 'fail', '--n', '4', '--tier', 'cheap']);
    expect(result.exitCode).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({ verdict: 'fail', n: 4, tier: 'cheap' });
  });

  it('reports an operational error in one line plus a hint, and as a JSON document under --json', async () => {
    const result = await run(['--verdict', 'error', '--json']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe('sample: error: the tree is dirty\nsample: commit or stash first');
    const doc = ErrorOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.error).toMatchObject({ message: 'the tree is dirty', exitCode: 1 });
  });

  it('never prints a stack trace for an internal error', async () => {
    const result = await run(['--verdict', 'crash']);
    expect(result.stderr).toContain('sample: error: internal error: boom');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    [['--bogus'], /unknown option '--bogus'/],
    [['--n', 'x'], /--n.*expected a whole number/],
    [['--n', '0'], /expected a whole number from 1 to 10/],
    [['--tier', 'huge'], /--tier.*huge.*(cheap|choices)/],
    [['extra-arg'], /too many arguments|unexpected/i],
  ])('bad arguments %j: exit 1 with usage and no stack', async (args, pattern) => {
    const result = await run(args);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(pattern);
    expect(result.stderr).toContain('Usage: sample');
    expect(result.stdout).toBe('');
  });

  it('--help prints usage on stdout and exits 0', async () => {
    const result = await run(['--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Usage: sample');
    expect(result.stdout).toContain('--prompt-only');
  });

  it('--prompt-only prints the prompts with no key set', async () => {
    const result = await run(['--prompt-only', '--n', '5']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('fix it 5');
  });

  it('without a provider, exits 1 naming the variables to set', async () => {
    const result = await run(['--verdict', 'ask']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/ANTHROPIC_API_KEY.*OPENAI_API_KEY.*GEMINI_API_KEY/);
  });

  it('stops quietly when the reader of stdout goes away (tool --help | head)', async () => {
    const child = spawn(process.execPath, [bin, '--prompt-only', '--n', '3'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    // Close our end before the child writes: its write fails with EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
    expect(code).toBe(0);
  });

  // runMain writes the result to the descriptor unless the command used process.stdout (core's stdio.ts).
  it('after a command wrote through process.stdout itself, the result follows what it wrote, in order', async () => {
    const result = await run(['--verdict', 'progress']);
    expect(result).toMatchObject({ exitCode: 0, stdout: 'step 1\nstep 2\nverdict progress', stderr: 'working' });
  });

  it('a CLI with subcommands runs the named one, and asks for one when none is given', async () => {
    const sub = fileURLToPath(new URL('./fixtures/sample-sub-cli.mjs', import.meta.url));
    const ran = await runCli(sub, ['run', 'a', 'b'], { cwd });
    expect(ran).toMatchObject({ exitCode: 0, stdout: 'run a,b' });
    const none = await runCli(sub, [], { cwd });
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toContain('subs: error: a command is required');
    expect(none.stderr).toMatch(/status\s+show the state/);
    expect(none.stderr).not.toContain('outputHelp');
  });
});
