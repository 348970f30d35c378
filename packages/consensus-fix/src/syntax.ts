// `--normalize syntax`: core's TypeScript-compiler-based parse check and reprint, loaded only when
// asked for (the compiler is heavy).

import { opError } from '@adlc/core';

export interface SyntaxTools {
  /** true/false for JS/TS files; null for languages it cannot judge. */
  parsesCleanly(file: string, content: string): Promise<boolean | null>;
  /** The code without comments or layout; null for other languages or code that does not parse. */
  normalizeSyntax(file: string, content: string): Promise<string | null>;
}

export async function loadSyntaxTools(): Promise<SyntaxTools> {
  const core = (await import('@adlc/core')) as unknown as Partial<SyntaxTools>;
  if (typeof core.parsesCleanly !== 'function' || typeof core.normalizeSyntax !== 'function') {
    throw opError('--normalize syntax is not available in this build of @adlc/core', { hint: 'use --normalize whitespace' });
  }
  return { parsesCleanly: core.parsesCleanly, normalizeSyntax: core.normalizeSyntax };
}
