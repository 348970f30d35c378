// The download cache of the localization benchmark: registry tarballs fetched by exact version
// (checked against the integrity recorded in cases.json) and each version's installed runtime
// dependencies, both kept outside the repository so a second run needs no network.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

export function cacheRoot(env = process.env) {
  return env.ADLC_BENCH_CACHE || join(homedir(), '.cache', 'adlc-bench');
}

// The integrity string npm records (`sha512-<base64>`) of a file's bytes.
export function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

// One tarball per name@version; `npm pack` names scoped packages `scope-name-version.tgz`.
function tarballPath(root, name, version) {
  return join(root, 'tarballs', `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`);
}

// Downloads name@version unless cached, and refuses a file whose integrity is not the recorded one
// (a corrupt cache entry is removed so the next run fetches it again).
export function fetchTarball(name, version, integrity, root = cacheRoot()) {
  const file = tarballPath(root, name, version);
  if (!existsSync(file)) {
    const dest = join(root, 'tarballs');
    mkdirSync(dest, { recursive: true });
    const out = npm(['pack', `${name}@${version}`, '--pack-destination', dest, '--json'], root);
    const packed = JSON.parse(out)[0]?.filename;
    if (packed && join(dest, packed) !== file) renameSync(join(dest, packed), file);
  }
  const actual = integrityOf(file);
  if (actual !== integrity) {
    rmSync(file, { force: true });
    throw new Error(`${name}@${version}: tarball integrity ${actual} is not the recorded ${integrity}`);
  }
  return file;
}

export function extractTarball(file, dir) {
  mkdirSync(dir, { recursive: true });
  // Registry tarballs hold one top folder (usually `package/`); its name does not matter.
  execFileSync('tar', ['xzf', file, '-C', dir, '--strip-components=1']);
}

// The runtime dependencies of the package whose package.json is given, installed once per
// name@version (scripts off: nothing of a package under test runs at install) and copied into dir.
export function installDependencies(pkgJsonFile, dir, root = cacheRoot()) {
  const pkg = JSON.parse(readFileSync(pkgJsonFile, 'utf8'));
  if (Object.keys(pkg.dependencies ?? {}).length === 0) return false;
  const cached = join(root, 'deps', `${pkg.name.replace('/', '+')}@${pkg.version}`);
  if (!existsSync(join(cached, 'node_modules'))) {
    const scratch = mkdtempSync(join(tmpdir(), 'adlc-bench-deps-'));
    try {
      // Only the dependencies, so no lifecycle field or workspace setting of the package gets involved.
      writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'deps', private: true, dependencies: pkg.dependencies }));
      npm(['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], scratch);
      mkdirSync(cached, { recursive: true });
      cpSync(join(scratch, 'package-lock.json'), join(cached, 'package-lock.json'));
      cpSync(join(scratch, 'node_modules'), join(cached, 'node_modules'), { recursive: true, verbatimSymlinks: true });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  cpSync(join(cached, 'node_modules'), join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  return true;
}

function npm(args, cwd) {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
