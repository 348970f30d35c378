// `python -c` / `node -e` scripts: the files they open for writing, when their paths are literals.

import type { BashWrites } from './bash-writes.js';

const WRITE_CALLS = [
  /\bopen\s*\(\s*(['"])(?<p>[^'"]+)\1\s*,\s*(['"])[^'"]*[wax+][^'"]*\3/g,
  /\b(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|outputFile|unlinkSync|rmSync)\s*\(\s*(['"`])(?<p>[^'"`]+)\1/g,
  /\bPath\s*\(\s*(['"])(?<p>[^'"]+)\1\s*\)\s*\.\s*(?:write_(?:text|bytes)|unlink)/g,
  /\b(?:shutil\.(?:copy\w*|move)|os\.(?:rename|replace)|renameSync|copyFileSync)\s*\(\s*(['"`])[^'"`]+\1\s*,\s*(['"`])(?<p>[^'"`]+)\2/g,
  /\bos\.(?:remove|unlink)\s*\(\s*(['"])(?<p>[^'"]+)\1/g,
];
const WRITE_HINT = /\bopen\s*\([^)]*['"][^'"]*[wax][^'"]*['"]|write(?:File|_text|_bytes)|appendFile|createWriteStream|\.write\s*\(|shutil\.|os\.(?:rename|replace|remove|unlink)|unlinkSync|rmSync|renameSync|File\.write/;

export function scriptWrites(args: string[], out: BashWrites): void {
  const flag = args.findIndex((a) => a === '-c' || a === '-e' || a === '--eval' || a === '-p' || a === '--print');
  if (flag === -1 || args[flag + 1] === undefined) return; // running a script file: its writes are not visible here
  const script = args[flag + 1]!;
  let found = 0;
  for (const re of WRITE_CALLS) {
    for (const m of script.matchAll(re)) {
      const target = m.groups?.p;
      if (target) out.files.push(target);
      found++;
    }
  }
  if (found === 0 && WRITE_HINT.test(script)) out.unknown.push('an inline script writes files whose paths cannot be read from the command');
}
