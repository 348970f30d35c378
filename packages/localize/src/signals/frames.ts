// Stack traces in a failing run's output. Where an error was raised is the strongest hint of where
// the bug is, so every trace is returned nearest the failure first. V8 (Node: `at` lines, and the
// node test runner's TAP stacks without `at`), Vitest's own frames, Python (tracebacks and pytest's `path:line:` lines),
// Java and Go. Pure: text in, traces out; resolving the paths to repository files is elsewhere.

export interface RawFrame {
  /** The path as printed: absolute, `file://` URL, relative, or (Java) package path + file name. */
  path: string;
  /** 1-based. */
  line: number;
}

/** One trace's frames, the frame nearest the failure first. */
export type Trace = RawFrame[];

/** A matched frame line, or `skip` for a frame line of the runtime itself (still part of the trace). */
type Match = RawFrame | 'skip' | null;

interface Language {
  /** Python prints the innermost call last; the others first. */
  nearestLast: boolean;
  frame(line: string): Match;
  /** A line that ends the current trace and starts another (a header, `Caused by:`...). */
  startsTrace(line: string): boolean;
  /** A non-frame line that does not end the trace (Go's function lines, Python's code lines). */
  continuesTrace(line: string): boolean;
}

const V8_IN_PARENS = /^\s*(?:at\s+)?(?:async\s+)?\S.*? \((.+):(\d+):\d+\)\s*$/;
const V8_BARE = /^\s*(?:at\s+)?(?:async\s+)?(\S+):(\d+):\d+\s*$/;
// Frames of the runtime, of eval'd code and of native functions say nothing about the repository.
const RUNTIME_PATH = /^(?:node:|internal\/|<anonymous>|native|evalmachine|wasm:|data:)/;

const v8: Language = {
  nearestLast: false,
  frame(line) {
    const m = V8_IN_PARENS.exec(line) ?? V8_BARE.exec(line);
    // `at new Promise (<anonymous>)`, `Array.map (<anonymous>)` (TAP drops the `at`), `at async
    // Promise.all (index 0)`: inside the trace, but no place in a file.
    if (!m) return /^\s*at\s/.test(line) || /^\s*\S.*? \((?:<anonymous>|native|index \d+)\)\s*$/.test(line) ? 'skip' : null;
    const path = m[1]!;
    if (RUNTIME_PATH.test(path)) return 'skip';
    // A bare `word:1:2` that is no path (a TAP key, a time) is not a frame.
    if (!/^(?:file:\/\/|\/|[A-Za-z]:[\\/]|\.{1,2}[\\/])/.test(path) && !/\.[cm]?[jt]sx?$/.test(path)) return null;
    return { path, line: Number(m[2]) };
  },
  startsTrace: () => false,
  continuesTrace: () => false,
};

// Vitest prints its own frames, already mapped to the sources: `❯ parseCode src/deep.ts:4:11` (the
// function, when there is one), with an excerpt of the code and a caret under the first.
const VITEST_FRAME = /^\s*❯ (?:\S+ )?(\S+):(\d+):\d+\s*$/;

const vitest: Language = {
  nearestLast: false,
  frame(line) {
    const m = VITEST_FRAME.exec(line);
    if (!m) return null;
    return RUNTIME_PATH.test(m[1]!) ? 'skip' : { path: m[1]!, line: Number(m[2]) };
  },
  startsTrace: (line) => /^\s*FAIL\s/.test(line),
  // The excerpt: `      4|     throw new Error(...)`, and the caret line `       |           ^`.
  continuesTrace: (line) => /^\s+\d*\|/.test(line),
};

const PY_TRACEBACK_FRAME = /^\s*File "(.+)", line (\d+)/;
const PYTEST_LOCATION = /^(\S+\.py):(\d+):(?:\s.*)?$/;
const PYTEST_HEADER = /^_{3,} .*[^_\s].* _{3,}$/;

const python: Language = {
  nearestLast: true,
  frame(line) {
    const m = PY_TRACEBACK_FRAME.exec(line) ?? PYTEST_LOCATION.exec(line);
    if (!m) return null;
    if (/^<[^>]*>$/.test(m[1]!)) return 'skip'; // <frozen importlib._bootstrap>, <string>
    return { path: m[1]!, line: Number(m[2]) };
  },
  startsTrace: (line) =>
    line.startsWith('Traceback (most recent call last)') ||
    line.startsWith('During handling of the above exception') ||
    line.startsWith('The above exception was the direct cause') ||
    PYTEST_HEADER.test(line),
  // Code lines, carets and pytest's locals are indented or blank; `E   ...` lines are pytest's error.
  continuesTrace: (line) => line === '' || /^\s/.test(line) || /^[E>] /.test(line) || /^_ _ /.test(line) || /^\S+ = /.test(line),
};

// `at com.acme.Foo.bar(Foo.java:42)`, with an optional module (`java.base/`) before the class.
const JAVA_FRAME = /^\s*at\s+(?:[\w.$-]+\/)?([\w$.]+)\.[\w$<>]+\(([\w$]+\.(?:java|kt|scala|groovy)):(\d+)\)/;

const java: Language = {
  nearestLast: false,
  frame(line) {
    const m = JAVA_FRAME.exec(line);
    if (!m) return /^\s*at\s+[\w$./-]+\((?:Native Method|Unknown Source)\)/.test(line) ? 'skip' : null;
    const packagePath = m[1]!.split('.').slice(0, -1).join('/');
    return { path: packagePath ? `${packagePath}/${m[2]!}` : m[2]!, line: Number(m[3]) };
  },
  startsTrace: (line) => /^\s*Caused by: /.test(line),
  continuesTrace: (line) => /^\s*\.\.\. \d+ more/.test(line),
};

const GO_PANIC_FRAME = /^\t(\S+\.go):(\d+)(?: \+0x[0-9a-f]+)?$/;
const GO_TEST_FAILURE = /^\s+(\S+\.go):(\d+): /;

const go: Language = {
  nearestLast: false,
  frame(line) {
    const m = GO_PANIC_FRAME.exec(line) ?? GO_TEST_FAILURE.exec(line);
    if (!m) return null;
    if (m[1]!.includes('/go/src/runtime/') || m[1]!.startsWith('/usr/local/go/')) return 'skip';
    return { path: m[1]!, line: Number(m[2]) };
  },
  startsTrace: (line) => /^goroutine \d+ \[/.test(line),
  // Between two frames of a panic stands the function line (`main.f(...)`, `created by ...`).
  continuesTrace: (line) => /^(?:\S+\(.*\)|created by .+)$/.test(line),
};

export const LANGUAGES = { v8, vitest, python, java, go } as const;

/** Every trace in `output`, in every language it speaks; each trace nearest the failure first. */
export function parseTraces(output: string): Trace[] {
  const lines = output.split(/\r?\n/);
  return Object.values(LANGUAGES).flatMap((language) =>
    tracesOf(lines, language).map((trace) => (language.nearestLast ? [...trace].reverse() : trace)),
  );
}

function tracesOf(lines: readonly string[], language: Language): Trace[] {
  const traces: Trace[] = [];
  let current: Trace | null = null;
  const close = () => {
    if (current && current.length > 0) traces.push(current);
    current = null;
  };
  for (const line of lines) {
    if (language.startsTrace(line)) {
      close();
      current = [];
      continue;
    }
    const match = language.frame(line);
    if (match !== null) {
      current ??= [];
      if (match !== 'skip') current.push(match);
    } else if (!(current && language.continuesTrace(line))) {
      close();
    }
  }
  close();
  return traces;
}
