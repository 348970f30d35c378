// Everything for people goes to stderr: progress (a live line on a TTY, plain lines in a log),
// warnings and errors. NO_COLOR is honoured; --quiet leaves only warnings.

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

export function createStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (text: string) => (enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
  };
}

export interface Reporter {
  info(message: string): void;
  warn(message: string): void;
  /**
   * Progress of a phase (`phase` defaults to the message; give it when the message carries counts,
   * `completions 3/5` in phase `completions`). On a TTY a transient line, hidden under --json; elsewhere
   * (a CI log, a pipe) a plain line when a phase starts and its latest message every 10 s while it lasts,
   * with the time it has run.
   * --quiet hides both.
   */
  progress(message: string, phase?: string): void;
  /** Clears the progress line, if any, and ends the phase. */
  endProgress(): void;
  readonly style: Style;
}

/** Calls `tick` every `ms` until the returned function is called; must not keep the process alive. */
export type Heartbeat = (tick: () => void, ms: number) => () => void;

/** How often a phase that is still running says so where there is no terminal. */
export const HEARTBEAT_MS = 10_000;

const unrefInterval: Heartbeat = (tick, ms) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export interface ReporterOptions {
  name: string;
  json?: boolean;
  stream?: NodeJS.WriteStream;
  env?: NodeJS.ProcessEnv;
  /** Suppress info lines and progress (warnings still print). */
  quiet?: boolean;
  /** The timer of the non-TTY progress lines (a test injects one it ticks by hand). */
  heartbeat?: Heartbeat;
}

export function createReporter(options: ReporterOptions): Reporter {
  const stream = options.stream ?? process.stderr;
  const env = options.env ?? process.env;
  const style = createStyle(colorEnabled(stream, env));
  const tty = Boolean(stream.isTTY);
  const showProgress = tty && !options.json && !options.quiet;
  let progressShown = false;
  const clear = () => {
    if (progressShown) {
      stream.write('\r\u001b[2K');
      progressShown = false;
    }
  };
  const lines = tty || options.quiet ? undefined : progressLines(options.name, stream, options.heartbeat ?? unrefInterval);
  return {
    style,
    info(message) {
      if (options.quiet) return;
      clear();
      stream.write(`${message}\n`);
    },
    warn(message) {
      clear();
      stream.write(`${style.yellow('WARNING')}: ${message}\n`);
    },
    progress(message, phase) {
      lines?.progress(message, phase ?? message);
      if (!showProgress) return;
      const width = stream.columns ? stream.columns - 1 : 100;
      stream.write(`\r\u001b[2K${message.length > width ? `${message.slice(0, width - 1)}…` : message}`);
      progressShown = true;
    },
    endProgress() {
      lines?.end();
      clear();
    },
  };
}

/**
 * Progress for a log: one plain line as each phase starts, then every HEARTBEAT_MS its latest message
 * and how long it has run (`completions 3/5 (still running, 20 s)`), so a repeated line never reads as
 * the phase starting again.
 */
function progressLines(name: string, stream: NodeJS.WritableStream, heartbeat: Heartbeat) {
  let phase: string | undefined;
  let latest = '';
  let stop: (() => void) | undefined;
  const write = (message: string) => void stream.write(`${name}: ${message}\n`);
  const end = () => {
    stop?.();
    stop = undefined;
    phase = undefined;
  };
  return {
    progress(message: string, next: string) {
      latest = message;
      if (next === phase) return;
      end();
      phase = next;
      write(message);
      let beats = 0;
      stop = heartbeat(() => write(`${latest} (still running, ${(++beats * HEARTBEAT_MS) / 1000} s)`), HEARTBEAT_MS);
    },
    end,
  };
}
