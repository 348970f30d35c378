// `--normalize syntax`: core's TypeScript-compiler-based parse check and reprint (core loads the
// compiler only on first use). Injected as an interface so the preparation logic stays testable.

import { normalizeSyntax, parsesCleanly } from '@adlc/core';

export interface SyntaxTools {
  /** true/false for JS/TS files; null for languages it cannot judge. */
  parsesCleanly(file: string, content: string): Promise<boolean | null>;
  /** The code without comments or layout; null for other languages or code that does not parse. */
  normalizeSyntax(file: string, content: string): Promise<string | null>;
}

export const coreSyntaxTools: SyntaxTools = { parsesCleanly, normalizeSyntax };
