// Everything for people goes to stderr: progress (only on a TTY and never under --json),
// warnings and errors. NO_COLOR is honoured.

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
  /** Transient progress line; shown only on a TTY and when --json is off. */
  progress(message: string): void;
  /** Clears the progress line, if any. */
  endProgress(): void;
  readonly style: Style;
}

export interface ReporterOptions {
  name: string;
  json?: boolean;
  stream?: NodeJS.WriteStream;
  env?: NodeJS.ProcessEnv;
  /** Suppress info lines (warnings still print). */
  quiet?: boolean;
}

export function createReporter(options: ReporterOptions): Reporter {
  const stream = options.stream ?? process.stderr;
  const env = options.env ?? process.env;
  const style = createStyle(colorEnabled(stream, env));
  const showProgress = Boolean(stream.isTTY) && !options.json;
  let progressShown = false;
  const clear = () => {
    if (progressShown) {
      stream.write('\r\u001b[2K');
      progressShown = false;
    }
  };
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
    progress(message) {
      if (!showProgress) return;
      const width = stream.columns ? stream.columns - 1 : 100;
      stream.write(`\r\u001b[2K${message.length > width ? `${message.slice(0, width - 1)}…` : message}`);
      progressShown = true;
    },
    endProgress: clear,
  };
}
