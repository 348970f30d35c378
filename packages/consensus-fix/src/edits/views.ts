// What the prompt shows of each file the fix may change. `whole`: every file in full. `replace`: long
// files in slices around their suspect lines (the functions there, read with the TypeScript
// compiler for JS/TS), short files in full. The edge of the span selection: it reads the parser.

import { isJsLike, loadTypeScript } from '@adlc/core';
import type { Localization } from '@adlc/localize';
import type { AllowedFile } from '../workspace/allowed-files.js';
import { suspectLines } from './anchors.js';
import { lineCount, type EditFormat } from './format.js';
import { functionRanges } from './functions.js';
import type { ShownFile } from './show.js';
import { selectSpans, SPAN_LIMITS, type SpanFile } from './spans.js';

export interface ViewInput {
  format: EditFormat;
  allowed: readonly AllowedFile[];
  /** The failing run's output (its frames are suspect lines). */
  output: string;
  root: string;
  cwd: string;
  localization?: Localization | undefined;
  /** With the ranking: every function the failing run called in each localized file, most suspect first. */
  calledFunctions?: ReadonlyMap<string, readonly number[]> | undefined;
}

export interface Views {
  files: ShownFile[];
  /** Files shown only in slices → the lines shown ("120-245, 900-1000"): no whole `content` is taken for them. */
  sliced: Map<string, string>;
}

export async function promptViews(input: ViewInput): Promise<Views> {
  const shown = input.allowed.map((f) => ({ file: f.file, content: f.text }));
  const long = input.allowed.filter((f) => f.text !== null && lineCount(f.text) > SPAN_LIMITS.wholeUpTo);
  if (input.format === 'whole' || long.length === 0) return { files: shown, sliced: new Map() };

  // Not loadable (it is core's dependency, so only a broken install): JS/TS files get padding only.
  const typescript = long.some((f) => isJsLike(f.file)) ? await loadTypeScript().catch(() => undefined) : undefined;
  const lines: SpanFile[] = long.map((f) => ({ file: f.file, lineCount: lineCount(f.text!), functions: functionRanges(f.file, f.text!, typescript) }));
  const anchors = suspectLines({ output: input.output, root: input.root, cwd: input.cwd, files: input.allowed.map((f) => f.file), localization: input.localization, calledFunctions: input.calledFunctions });
  const sliced = new Map<string, string>();
  const slicesOf = new Map<string, ShownFile['slices']>();
  for (const view of selectSpans(lines, anchors)) {
    if (view.whole) continue;
    slicesOf.set(view.file, view.slices);
    sliced.set(view.file, view.slices.map((s) => `${s.start}-${s.end}`).join(', '));
  }
  return { files: shown.map((f) => (slicesOf.has(f.file) ? { ...f, slices: slicesOf.get(f.file) } : f)), sliced };
}
