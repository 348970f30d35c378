// `@adlc/core/light`: the dependency-free helpers, for code that must be running within a few
// milliseconds of Node's own start (tdd-kernel's hook fast path). Node built-ins only: no zod, no
// SDKs, no commander, no process or git libraries. A test loads the built file and checks that.

export { shellQuote } from './shell-quote.js';
export { sha1Hex } from './sha1.js';
export { randomHex } from './random.js';
export { writeOut } from './stdio.js';
export { writeFileAtomic, writeFileAtomicSync, type AtomicWriteOptions } from './atomic-write.js';
export { isProcessAlive } from './process-alive.js';
export { isInsideRoot, relativeToRoot, type InsideRootResult } from './paths.js';
export { enableCompileCache, compileCacheDir } from './compile-cache.js';
export { requireWithCodeCache, loadBundledCli, asksForHelpOrVersion, codeCacheDir, CODE_CACHE_WRAPPER_PREFIX } from './code-cache.js';
