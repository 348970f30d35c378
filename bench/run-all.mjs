// Runs every benchmark script in bench/ in turn (each reports its own ratios).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
for (const file of readdirSync(here).filter((f) => f.endsWith('.mjs') && f !== 'run-all.mjs').sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n## ${file}`);
  execFileSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
}
