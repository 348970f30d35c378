// `--log-dir <dir>`: the run's artifacts for later inspection: an events.ndjson stream of stage
// events, the prompt, every raw answer, every candidate's verdict and the final patch. Secrets redacted.

import { appendFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { opError, secretRedactor } from '@adlc/core';

export class RunLog {
  // The run's environment does not change, and reading it for every event cost more than the event.
  private readonly redact: (text: string) => string;

  private constructor(
    private readonly dir: string | undefined,
    env: NodeJS.ProcessEnv,
  ) {
    this.redact = dir === undefined ? (text) => text : secretRedactor(env);
  }

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
    const line = this.redact(JSON.stringify({ ts: Date.now(), event, ...data }));
    appendFileSync(path.join(this.dir, 'events.ndjson'), `${line}\n`);
  }

  /** A file under the log dir (relative name, forward slashes). */
  file(name: string, content: string): void {
    if (this.dir === undefined) return;
    writeFileSync(path.join(this.dir, name), this.redact(content));
  }
}

/** The names a run writes in its log dir (see the callers of `file` and `event`), and in its answers/ folder. */
const LOG_NAMES = /^(?:events\.ndjson|result\.json|final\.patch|localization\.json|rerank\.json|rerank-prompt\.txt|prompt(?:-round-\d+)?\.txt)$/;
const ANSWER_NAMES = /^candidate-\d+(?:\.verdict\.json|\.txt)$/;

/**
 * The files an earlier run left in `dir` (paths as `dir` is given): only the names a log holds, so that
 * a --log-dir pointed at a folder of the user's own files lets none of them pass the dirty-tree guard.
 */
export function earlierLogFiles(dir: string): string[] {
  const names = (folder: string, re: RegExp) => {
    try {
      return readdirSync(path.join(dir, folder), { withFileTypes: true }).filter((e) => e.isFile() && re.test(e.name)).map((e) => path.join(dir, folder, e.name));
    } catch {
      return [];
    }
  };
  return [...names('', LOG_NAMES), ...names('answers', ANSWER_NAMES)];
}
