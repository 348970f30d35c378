// The reporter `node --test` loads for the kernel: one JSON line per leaf test that ran (file, ancestor
// names, name, pass/fail, the error) and one per test file that failed to load.
//
// Why a reporter of our own rather than node's tap or junit output: the event stream (test:start,
// test:pass, test:fail with `file`, `nesting`, `name` and `details`) has had the same shape from Node 20
// to 26, while the tap and junit reporters changed their nesting and escaping between versions and the
// junit one drops the file and the parents. The function is written to a temp file as source text
// (`reporterSource`), so it must not refer to anything outside itself.

export interface NodeTestLine {
  kind: 'test' | 'file-error';
  file: string;
  ancestors?: string[];
  name?: string;
  status?: 'pass' | 'fail';
  duration_ms?: number;
  message?: string;
}

interface NodeTestEvent {
  type: string;
  data: {
    name?: string;
    nesting?: number;
    file?: string;
    message?: string;
    skip?: unknown;
    todo?: unknown;
    details?: { duration_ms?: number; type?: string; error?: unknown };
  };
}

export async function* nodeTestReporter(source: AsyncIterable<NodeTestEvent>): AsyncGenerator<string> {
  // Per file, the tests started and not yet finished, by nesting: a test's ancestors are the open ones above it.
  const open = new Map<string, Array<{ name: string; children: boolean }>>();
  const stderr = new Map<string, string[]>();
  const describe = (error: unknown): string => {
    let e = error as { cause?: unknown; name?: string; code?: string; message?: string } | null;
    if (e && typeof e === 'object' && e.code === 'ERR_TEST_FAILURE' && e.cause !== undefined) e = e.cause as typeof e;
    if (e === null || typeof e !== 'object') return String(e);
    const head = `${e.name ?? 'Error'}${e.code && e.name !== e.code ? ` [${e.code}]` : ''}`;
    return `${head}: ${e.message ?? ''}`;
  };
  for await (const event of source) {
    const d = event.data ?? {};
    const file = d.file ?? '';
    if (event.type === 'test:stderr' || event.type === 'test:stdout') {
      const lines = stderr.get(file) ?? [];
      if (lines.length < 200) lines.push(String(d.message ?? ''));
      stderr.set(file, lines);
      continue;
    }
    if (event.type !== 'test:start' && event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const nesting = d.nesting ?? 0;
    const stack = open.get(file) ?? [];
    open.set(file, stack);
    if (event.type === 'test:start') {
      stack.length = nesting;
      if (nesting > 0 && stack[nesting - 1]) stack[nesting - 1]!.children = true;
      stack[nesting] = { name: d.name ?? '', children: false };
      continue;
    }
    const self = stack[nesting];
    const hadChildren = self !== undefined && self.name === d.name && self.children;
    // A file that did not load is reported as a test named after the file; older Node 20s wrap every file so.
    const isFile = nesting === 0 && d.name === file;
    const ancestors = stack.slice(isFile ? 1 : 0, nesting).map((s) => s.name).filter((n) => n !== file);
    stack.length = nesting;
    if (isFile) {
      if (event.type === 'test:fail' && !hadChildren) {
        yield `${JSON.stringify({ kind: 'file-error', file, message: (stderr.get(file) ?? []).join('') || describe(d.details?.error) })}\n`;
      }
      continue;
    }
    if (hadChildren || d.details?.type === 'suite' || d.skip || d.todo) continue;
    const line: Record<string, unknown> = { kind: 'test', file, ancestors, name: d.name ?? '', status: event.type === 'test:pass' ? 'pass' : 'fail', duration_ms: d.details?.duration_ms ?? 0 };
    if (event.type === 'test:fail') line.message = describe(d.details?.error);
    yield `${JSON.stringify(line)}\n`;
  }
}

/** The reporter as an ES module's source text, for `--test-reporter=<file>`. */
export function reporterSource(): string {
  return `export default ${nodeTestReporter.toString()};\n`;
}
