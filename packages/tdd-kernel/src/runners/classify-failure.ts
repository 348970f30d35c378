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
