// The suspect lines of the files a fix may change, most suspect first: the stack frames of the
// failing output that land in them and the frames of the localization's writes onto Object.prototype
// (nearest the failure or the write first), then, when the files were localized, the most
// suspicious functions of the localization's evidence (Ochiai, best file first), then every other
// function the failing run called in them (best file first). The last are where a fix often goes
// when coverage cannot single it out: a wrong value computed by lines every test runs (semver's
// `replaceTilde`, two calls below the range the test builds). Pure.

import { framesByFile, parseTraces, type Localization } from '@adlc/localize';
import type { Anchor } from './spans.js';

export interface AnchorInput {
  /** The failing run's output. */
  output: string;
  root: string;
  cwd: string;
  /** The files the fix may change, repository-relative, in the localization's order when localized. */
  files: readonly string[];
  localization?: Localization | undefined;
  /** Every function the failing run called in each localized file (start lines, most suspect first). */
  calledFunctions?: ReadonlyMap<string, readonly number[]> | undefined;
}

export function suspectLines({ output, root, cwd, files, localization, calledFunctions }: AnchorInput): Anchor[] {
  const rank = new Map(files.map((f, i) => [f, i] as const));
  const frames: Array<Anchor & { depth: number }> = [];
  for (const [file, hits] of framesByFile(parseTraces(output), { root, cwd, files: new Set(files) })) {
    for (const hit of hits) frames.push({ file, line: hit.line, depth: hit.depth });
  }
  for (const f of localization?.files ?? []) {
    if (!rank.has(f.file)) continue;
    for (const hit of [...(f.evidence.frames ?? []), ...(f.evidence.prototypeWrites ?? [])]) frames.push({ file: f.file, line: hit.line, depth: hit.depth });
  }
  frames.sort((a, b) => a.depth - b.depth || rank.get(a.file)! - rank.get(b.file)! || a.line - b.line);
  const localized = (localization?.files ?? []).filter((f) => rank.has(f.file));
  const functions = localized.flatMap((f) => (f.evidence.functions ?? []).map((fn) => ({ file: f.file, line: fn.line })));
  const called = localized.flatMap((f) => (calledFunctions?.get(f.file) ?? []).map((line) => ({ file: f.file, line, called: true as const })));
  const seen = new Set<string>();
  return [...frames.map(({ file, line }) => ({ file, line })), ...functions, ...called]
    .filter((a) => {
      const key = `${a.file}:${a.line}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
