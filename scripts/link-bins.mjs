// After the build: link every package's bin into the root's node_modules/.bin. pnpm links
// workspace bins during install, before `prepare` has built them, so on a fresh clone the links
// are missing; this makes `npx <tool>` from the repository root work right after set-up.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const binDir = join(root, 'node_modules', '.bin');
mkdirSync(binDir, { recursive: true });

for (const name of readdirSync(join(root, 'packages'))) {
  const manifestPath = join(root, 'packages', name, 'package.json');
  if (!existsSync(manifestPath)) continue;
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  for (const [command, target] of Object.entries(bin ?? {})) {
    const abs = join(root, 'packages', name, target);
    if (!existsSync(abs)) continue;
    const link = join(binDir, command);
    // An existing entry that works (pnpm's own shim) stays; a missing or dangling one is replaced.
    if (existsSync(link)) continue;
    if (lstatSync(link, { throwIfNoEntry: false })) rmSync(link);
    symlinkSync(relative(binDir, abs), link);
  }
}
