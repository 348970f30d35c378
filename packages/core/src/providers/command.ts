// A CLI as a provider (`claude -p`, `gemini -p`, `codex exec`): prompt on stdin, answer on stdout.

import { runCommand } from '../run-command.js';
import { ProviderError } from '../errors.js';
import { redactSecrets } from '../redact.js';
import { estimateUsage } from '../usage.js';
import type { Provider, ProviderContext } from './types.js';

export async function createCommandProvider(ctx: ProviderContext): Promise<Provider> {
  return {
    id: 'command',
    async generate(req) {
      const command = req.command?.trim() || ctx.env.ADLC_COMMAND?.trim();
      if (!command) {
        throw new ProviderError({
          provider: 'command',
          model: req.model,
          status: 'not configured',
          message: 'set ADLC_COMMAND to a command that reads the prompt on stdin and answers on stdout',
        });
      }
      const input = req.system ? `${req.system}\n\n${req.prompt}` : req.prompt;
      const result = await runCommand(command, {
        cwd: ctx.cwd,
        env: ctx.env,
        input,
        signal: req.signal,
        captureStdout: true,
      });
      const label = `command:${command}`;
      if (result.aborted || result.timedOut) {
        throw new ProviderError({ provider: label, model: req.model, status: 'aborted', message: 'the command was stopped' });
      }
      if (result.exitCode !== 0) {
        const status = result.exitCode === null ? `signal ${result.signal ?? 'unknown'}` : `exit ${result.exitCode}`;
        const detail = redactSecrets(result.stderrTail.trim().split('\n').slice(-3).join(' '), ctx.env) || 'no output on stderr';
        throw new ProviderError({ provider: label, model: req.model, status, message: detail });
      }
      return {
        text: result.stdout,
        model: req.model,
        finishReason: 'stop',
        truncated: false,
        // A CLI does not report tokens; an estimate, marked as one, so usage is never blank.
        usage: estimateUsage(input, result.stdout),
      };
    },
  };
}
