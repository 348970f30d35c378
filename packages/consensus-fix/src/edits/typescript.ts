// The TypeScript compiler, for the function ranges of JS/TS files a `replace` prompt shows in
// slices. It is a dependency of @adlc/core (its syntax check); resolving it from core's own location
// finds that copy under any package manager's layout, so this package does not carry a second one.
// Several megabytes: loaded only when a long JS/TS file is sliced, and once per process.

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type ts from 'typescript';

let typescript: Promise<typeof ts | undefined> | undefined;

/** The compiler, or undefined when it cannot be loaded (JS/TS files then get no function ranges: padding only). */
export function loadTypeScript(): Promise<typeof ts | undefined> {
  typescript ??= (async () => {
    try {
      const fromCore = createRequire(import.meta.resolve('@adlc/core')).resolve('typescript');
      const module = (await import(pathToFileURL(fromCore).href)) as { default: typeof ts };
      return module.default;
    } catch {
      return undefined;
    }
  })();
  return typescript;
}
