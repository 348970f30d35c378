// How a test command runs with coverage on: NODE_V8_COVERAGE always (harmless to anything that is not
// Node), and coverage.py for a plain pytest command when coverage is importable. The data goes to a
// temporary directory outside the tree, read back as Executions and deleted with the session.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isJsLike, loadTypeScript, runCommand, shellQuote } from '@adlc/core';
import type { CachedSourceMap } from '../coverage/sourcemap.js';
import { transformedRemapper } from '../coverage/transformed.js';
import { listDir, ranAsIs, readV8Coverage, v8Executions } from '../coverage/v8.js';
import { parsePytestCommand, readPythonReport, withPythonCoverage, type PytestCommand } from '../coverage/python.js';
import { readAddedNames, WATCH_DIR_ENV, WATCH_PROTOTYPE } from './prototype-probe.js';
import { checkCoverage, HOLD_SIGKILL, NOTE_PROCESS, outlived, type CoverageCheck } from './coverage-gaps.js';
import { insideRoot } from '../repo-files.js';
import type { Execution } from '../rank/spectrum.js';

export interface CoveredCommand {
  /** The command to run (rewritten for coverage.py), and its environment. */
  command: string;
  env: NodeJS.ProcessEnv;
  /** After the run: what each of its processes executed in the repository. */
  collect(): Promise<Execution[]>;
  /** After the run: which of its processes left no coverage, and why (run/coverage-gaps.ts). */
  check(): CoverageCheck;
  /** After the run: waits for its processes that outlived the command (still writing their coverage). */
  settle(signal?: AbortSignal): Promise<void>;
  /** After the run: the names its Node processes added to Object.prototype (run/prototype-probe.ts). */
  addedToPrototype(): string[];
  /** After the run: the repository files its Node processes were started with (MAIN_SCRIPT). */
  mainScripts(): string[];
}

export interface CoverageContext {
  root: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Repository-relative paths worth keeping (not dependencies). */
  accept: (file: string) => boolean;
}

/** One temporary directory for a run's coverage data; `dispose` deletes it. */
export class CoverageSession {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'consensus-fix-coverage-'));
  private readonly importable = new Map<string, Promise<boolean>>();
  /** The source maps of the compiled scripts the runs executed, by script URL (for their frames). */
  readonly sourceMaps = new Map<string, CachedSourceMap>();
  /** The preload of every covered run (COVERED_RUN_PRELOAD). */
  private readonly preload = path.join(this.dir, 'covered-run-preload.cjs');
  private runs = 0;

  constructor(private readonly ctx: CoverageContext) {
    writeFileSync(this.preload, COVERED_RUN_PRELOAD);
  }

  async prepare(command: string): Promise<CoveredCommand> {
    const own = path.join(this.dir, `run-${this.runs++}`);
    const v8Dir = path.join(own, 'v8');
    const prototypeDir = path.join(own, 'prototype');
    mkdirSync(prototypeDir, { recursive: true });
    const env = { ...this.ctx.env, NODE_V8_COVERAGE: v8Dir, NODE_OPTIONS: withPreload(this.ctx.env.NODE_OPTIONS, this.preload), [WATCH_DIR_ENV]: prototypeDir };
    const parsed = parsePytestCommand(command);
    const pytest = parsed && { ...parsed, python: parsed.python === 'python3' ? pytestInterpreter(this.ctx.env) : parsed.python };
    const python = pytest && (await this.coverageImportable(pytest.python)) ? pytest : null;
    const dataFile = path.join(own, 'python.coverage');
    return {
      command: python ? withPythonCoverage(python, dataFile, this.ctx.root) : command,
      env,
      check: () => checkCoverage(prototypeDir, v8Dir),
      settle: (signal) => outlived(prototypeDir, signal),
      collect: async () => {
        const executions = await readNodeCoverage(v8Dir, this.ctx.root, this.ctx.accept, this.sourceMaps, checkCoverage(prototypeDir, v8Dir).elsewhere);
        if (python) executions.push(...(await this.pythonExecutions(python, dataFile, path.join(own, 'python.json'))));
        return executions;
      },
      addedToPrototype: () => readAddedNames(prototypeDir),
      mainScripts: () => readMainScripts(prototypeDir).flatMap((file) => insideRoot(file, this.ctx.root) ?? []),
    };
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  private coverageImportable(python: string): Promise<boolean> {
    let known = this.importable.get(python);
    if (!known) {
      // coverage imported, pytest only found (importing it costs more than the check is worth).
      const check = 'import coverage, importlib.util as u; raise SystemExit(u.find_spec("pytest") is None)';
      known = runCommand(`${shellQuote(python)} -c ${shellQuote(check)}`, { cwd: this.ctx.cwd, env: this.ctx.env, timeoutMs: 20_000 }).then(
        (r) => r.exitCode === 0,
        () => false,
      );
      this.importable.set(python, known);
    }
    return known;
  }

  private async pythonExecutions(pytest: PytestCommand, dataFile: string, report: string): Promise<Execution[]> {
    const json = `${shellQuote(pytest.python)} -m coverage json --data-file=${shellQuote(dataFile)} -o ${shellQuote(report)} -q`;
    const result = await runCommand(json, { cwd: this.ctx.cwd, env: this.ctx.env, timeoutMs: this.ctx.timeoutMs });
    if (result.exitCode !== 0) return [];
    const execution = readPythonReport(report, this.ctx.cwd, this.ctx.root, this.ctx.accept);
    return execution.size > 0 ? [execution] : [];
  }
}


/** The interpreter a bare `pytest` runs under: its script's `#!` line, or python3 (a pyenv shim, a binary). */
function pytestInterpreter(env: NodeJS.ProcessEnv): string {
  for (const dir of (env.PATH ?? process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    let head: string;
    try {
      head = readFileSync(path.join(dir, 'pytest'), 'utf8').slice(0, 200);
    } catch {
      continue;
    }
    const shebang = /^#!\s*(\S*python[\d.]*)\s*$/m.exec(head.split('\n')[0] ?? '');
    return shebang ? shebang[1]! : 'python3';
  }
  return 'python3';
}

/**
 * Node writes a process's coverage when it exits, not when a signal ends it, and some runners end their
 * workers with SIGTERM once the tests are done (Vitest's default `forks` pool): their coverage, which is
 * where the tests ran, would be lost. This preload, given to the covered runs only, writes it first.
 * Only a process with no SIGTERM handler of its own is touched, and it then ends by the same signal as
 * before (the listener removes itself and raises it again); a process that handles SIGTERM keeps doing
 * so, and writes its coverage when it exits. Worker threads receive no signals and are left alone.
 */
export const FLUSH_ON_SIGTERM = `
// consensus-fix: keeps the V8 coverage of a process that SIGTERM ends (its localization's coverage run only).
if (require('node:worker_threads').isMainThread) {
  process.on('SIGTERM', function adlcFlushCoverage() {
    if (process.listenerCount('SIGTERM') > 1) return;
    if (typeof adlcReportPrototype === 'function') adlcReportPrototype();
    try { require('node:v8').takeCoverage(); } catch {}
    process.removeListener('SIGTERM', adlcFlushCoverage);
    process.kill(process.pid, 'SIGTERM');
  });
}
`;

/**
 * Names the script each process was started with (`main-<pid>.txt` in the watch directory), at its
 * start, so a process that is killed still says it: a test that spawns a program of the repository
 * (`node bin/cli.js ...`) runs that file as it would call a function. A worker thread is no program.
 */
export const MAIN_SCRIPT = `
// consensus-fix: writes down this process's main script (localization's covered runs only).
(function () {
  var dir = process.env.${WATCH_DIR_ENV};
  var main = process.argv[1];
  if (!dir || typeof main !== 'string' || main === '' || !require('node:worker_threads').isMainThread) return;
  try {
    var fs = require('node:fs');
    var path = require('node:path');
    var file = path.resolve(main);
    try { file = fs.realpathSync(file); } catch (e) {}
    fs.writeFileSync(path.join(dir, 'main-' + process.pid + '.txt'), file);
  } catch (e) {}
})();
`;

/** The scripts the processes of a covered run were started with (MAIN_SCRIPT), absolute, each once. */
export function readMainScripts(dir: string): string[] {
  const scripts = new Set<string>();
  for (const entry of listDir(dir)) {
    if (!/^main-\d+\.txt$/.test(entry)) continue;
    try {
      scripts.add(readFileSync(path.join(dir, entry), 'utf8'));
    } catch {
      // Gone with its run: nothing to say.
    }
  }
  return [...scripts].sort();
}

/**
 * The covered runs' preload: the main script, the process's start and end (run/coverage-gaps.ts), the
 * prototype watch (run/prototype-probe.ts), the SIGTERM flush, and the hold on a runner's SIGKILL.
 */
export const COVERED_RUN_PRELOAD = `'use strict';${MAIN_SCRIPT}${NOTE_PROCESS(WATCH_DIR_ENV)}${WATCH_PROTOTYPE}${FLUSH_ON_SIGTERM}${HOLD_SIGKILL}`;

/** NODE_OPTIONS with `--require <file>` added after what the user set. */
export function withPreload(nodeOptions: string | undefined, file: string): string {
  const own = `--require ${JSON.stringify(file)}`;
  return nodeOptions && nodeOptions.trim() !== '' ? `${nodeOptions} ${own}` : own;
}

/**
 * What a run's Node processes executed in the repository. Files a loader compiled (Vitest, Jest, tsx)
 * are laid onto their sources through the TypeScript compiler's parse (coverage/transformed.ts), loaded
 * only when the run has such a file.
 */
export async function readNodeCoverage(dir: string, root: string, accept: (file: string) => boolean, sourceMaps?: Map<string, CachedSourceMap>, elsewhere: readonly string[] = []): Promise<Execution[]> {
  const processes = readV8Coverage(dir, root, accept, elsewhere);
  const transformed = processes.some((p) => p.scripts.some((s) => isJsLike(s.file) && !ranAsIs(s.source, s.functions)));
  const typescript = transformed ? await loadTypeScript().catch(() => undefined) : undefined;
  const remap = typescript ? transformedRemapper(typescript) : undefined;
  return v8Executions(processes, root, accept, remap && ((file, source, functions) => (isJsLike(file) ? remap(file, source, functions) : null)), sourceMaps);
}
