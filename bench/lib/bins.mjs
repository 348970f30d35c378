// The CLIs a benchmark runs: the clone's built bins, or those of an installed copy of the packed
// tarballs (scripts/pack-install.mjs packs and installs, exactly as its test does).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPackedCopy } from '../../scripts/pack-install.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TOOLS = ['consensus-fix', 'review-calibration', 'tdd-kernel', 'consensus-synthesis'];

/** tool → its bin under `dirOf(tool)`, as its package.json names it (bin/<tool>.js). */
const binsUnder = (dirOf) => Object.fromEntries(TOOLS.map((tool) => [tool, join(dirOf(tool), JSON.parse(readFileSync(join(dirOf(tool), 'package.json'), 'utf8')).bin[tool])]));

/** tool → the clone's packages/<tool>/bin/<tool>.js. */
export function cloneBins() {
  return binsUnder((tool) => join(ROOT, 'packages', tool));
}

/** tool → the bin in node_modules/@adlc/<tool> of a fresh install of the packed tarballs (in a temp dir it returns). */
export function installedBins() {
  const scratch = mkdtempSync(join(tmpdir(), 'adlc-bench-installed-'));
  const project = installPackedCopy(scratch);
  return { scratch, bins: binsUnder((tool) => join(project, 'node_modules', '@adlc', tool)) };
}
