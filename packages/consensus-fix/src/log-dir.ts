// `--log-dir <dir>`: the run's artifacts for later inspection: an events.ndjson stream of stage
// events, the prompt, every raw answer, every candidate's verdict and the final patch. Secrets redacted.

import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { opError, redactSecrets } from '@adlc/core';

export class RunLog {
  private constructor(
    private readonly dir: string | undefined,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  static open(dir: string | undefined, env: NodeJS.ProcessEnv): RunLog {
    if (dir !== undefined) {
      try {
        mkdirSync(path.join(dir, 'answers'), { recursive: true });
      } catch (error) {
        throw opError(`cannot create --log-dir ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
    }
    return new RunLog(dir, env);
  }

  get enabled(): boolean {
    return this.dir !== undefined;
  }

  event(event: string, data: Record<string, unknown> = {}): void {
    if (this.dir === undefined) return;
    const line = redactSecrets(JSON.stringify({ ts: Date.now(), event, ...data }), this.env);
    appendFileSync(path.join(this.dir, 'events.ndjson'), `${line}\n`);
  }

  /** A file under the log dir (relative name, forward slashes). */
  file(name: string, content: string): void {
    if (this.dir === undefined) return;
    writeFileSync(path.join(this.dir, name), redactSecrets(content, this.env));
  }
}
