// Whether a failing test is red for the right reason (an assertion) or because the code did not load.

import type { FailureKind } from '../schemas/events.js';

/**
 * A test that ran and failed is red for the right reason unless what failed is the code failing to
 * load: a syntax error, a missing module or name. Those are `error` and never open the gate.
 */
export function classifyFailure(message: string): FailureKind {
  const head = message.trimStart().split('\n')[0] ?? '';
  if (/^(?:\w+\.)?(?:SyntaxError|ReferenceError|ModuleNotFoundError|ImportError|IndentationError|NameError)\b/.test(head)) return 'error';
  if (/Cannot find module|Failed to (?:load|resolve) (?:url|import)|ERR_MODULE_NOT_FOUND|Transform failed/.test(head)) return 'error';
  return 'assertion';
}

export interface MissingThing {
  /** A module path or dotted module name, or an identifier (an export, attribute, function, Go name). */
  name: string;
  what: 'module' | 'name';
}

/**
 * What the failure says does not exist yet, read from the runners' own wording: a module not found
 * (Node, Vite, Jest, Python), an export the module does not provide (ESM), a call of something that is not
 * a function or constructor (an import that resolved to undefined), Python's ImportError and
 * AttributeError on a name, Go's `undefined:` at build. Null for any other failure.
 */
export function missingThing(message: string): MissingThing | null {
  for (const [re, what] of MISSING) {
    const m = re.exec(message);
    if (!m) continue;
    const raw = m[1]!;
    return what === 'name' ? { name: raw.slice(raw.lastIndexOf('.') + 1), what } : { name: raw, what };
  }
  return null;
}

const MISSING: ReadonlyArray<[RegExp, MissingThing['what']]> = [
  [/Cannot find module '([^']+)'/, 'module'],
  [/Failed to (?:load url|resolve import) "?([^\s"]+)"?/, 'module'],
  [/ModuleNotFoundError: No module named '([^']+)'/, 'module'],
  [/does not provide an export named '([^']+)'/, 'name'],
  [/ImportError: cannot import name '([^']+)'/, 'name'],
  [/AttributeError: (?:module )?'[^']+' (?:object )?has no attribute '([^']+)'/, 'name'],
  [/(?:^|[\s(])(?:\(0\s*,\s*)?([\w$.]+)\)? is not a (?:function|constructor)\b/m, 'name'],
  [/(?:^|\s)undefined: ([\w.]+)/m, 'name'],
];
