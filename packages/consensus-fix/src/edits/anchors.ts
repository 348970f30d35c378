// The suspect lines of the files a fix may change, most suspect first: the stack frames of the
// failing output that land in them and the frames of the localization's writes onto Object.prototype
// (nearest the failure or the write first), then, when the files were localized,
// the most suspicious functions of the localization's evidence (Ochiai, best file first). Pure.

import { framesByFile } from '../localize/frame-files.js';
import { parseTraces } from '../localize/frames.js';
import type { Localization } from '../localize/schema.js';
import type { Anchor } from './spans.js';

export interface AnchorInput {
  /** The failing run's output. */
  output: string;
  root: string;
  cwd: string;
  /** The files the fix may change, repository-relative, in the localization's order when localized. */
  files: readonly string[];
  localization?: Localization | undefined;
}

export function suspectLines({ output, root, cwd, files, localization }: AnchorInput): Anchor[] {
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
  const functions = (localization?.files ?? []).filter((f) => rank.has(f.file)).flatMap((f) => (f.evidence.functions ?? []).map((fn) => ({ file: f.file, line: fn.line })));
  const seen = new Set<string>();
  return [...frames, ...functions]
    .map(({ file, line }) => ({ file, line }))
    .filter((a) => {
      const key = `${a.file}:${a.line}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
