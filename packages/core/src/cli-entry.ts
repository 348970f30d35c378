// `@adlc/core/cli`: what a CLI's entry file needs to declare its flags and run its command,
// without zod, the SDKs or the process libraries, so `--help` starts fast. The command module
// itself imports the full `@adlc/core`.

export { AdlcError, OpError, ProviderError, InterruptedError, HelpShown } from './errors.js';
export { pass, gateFail, opError, printJson, promptOnly, runMain, errorDocument, isOutcome, EXIT, type Outcome, type OutputDoc, type MainOptions } from './outcome.js';
export {
  parseArgs,
  createProgram,
  configureForMain,
  addSharedOptions,
  intArg,
  floatArg,
  listArg,
  collect,
  type ProgramSpec,
  type SharedFlag,
  type SharedOptions,
} from './args.js';
export { createReporter, createStyle, colorEnabled, type Reporter, type ReporterOptions, type Style } from './output.js';
export { isInsideRoot, relativeToRoot, type InsideRootResult } from './paths.js';
export { writeFileAtomic, writeFileAtomicSync, type AtomicWriteOptions } from './atomic-write.js';
export { TIERS, PROVIDER_IDS, type Tier, type ProviderId } from './providers/types.js';
export { shellQuote } from './shell-quote.js';
