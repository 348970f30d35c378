// What a child Node process loads, for tests that prove a start-up path stays light: the returned
// arguments register a resolve hook that appends every module URL the child resolves through the ES
// module loader (imports and import() calls, node: built-ins included) to the file named by the
// child's TRACE_FILE environment variable, one URL per line. Both modules travel as data: URLs, so no
// fixture file has to exist next to the test or in a package.

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (process.env.TRACE_FILE) appendFileSync(process.env.TRACE_FILE, resolved.url + '\\n');
  return resolved;
}`;

const dataUrl = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`;

/** Node arguments (before the script) that trace the child's module resolutions into $TRACE_FILE. */
export function traceImportsArgs(): string[] {
  return ['--import', dataUrl(`import { register } from 'node:module';\nregister(${JSON.stringify(dataUrl(HOOKS))});`)];
}
