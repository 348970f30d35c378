// @ts-check
// Where the CLI comes from (an npm version, tarballs already packed, or this action's own
// checkout built and packed), and the commands that install it. Pure; install.mjs runs them.

import { join } from 'node:path';
import { ActionError } from './inputs.mjs';

export const TOOLS = /** @type {const} */ (['consensus-synthesis', 'review-calibration', 'consensus-fix']);
/** @typedef {(typeof TOOLS)[number]} Tool */

// A version, range or dist-tag: no path, URL or git spec, and no leading dash (never an npm flag).
const VERSION_SPEC = /^[0-9A-Za-z^~<>=*][0-9A-Za-z.+\-_~^<>=*| ]*$/;

/**
 * @param {string} tool
 * @returns {Tool}
 */
export function checkTool(tool) {
  const known = /** @type {readonly string[]} */ (TOOLS);
  if (!known.includes(tool)) throw new ActionError(`unknown tool "${tool}": expected one of ${TOOLS.join(', ')}`);
  return /** @type {Tool} */ (tool);
}

/** @param {string} version */
export function checkVersion(version) {
  if (!VERSION_SPEC.test(version)) {
    throw new ActionError(`the input "version" must be an npm version, range or dist-tag of the package (got "${version}")`);
  }
  return version;
}

/**
 * @param {{version: string, tarballsDir: string}} from
 * @returns {'npm' | 'tarballs' | 'checkout'}
 */
export function installSource(from) {
  if (from.version !== '') return 'npm';
  if (from.tarballsDir !== '') return 'tarballs';
  return 'checkout';
}

/** The workspace packages a tool's package depends on besides core (they are not on the registry). */
const WORKSPACE_DEPENDENCIES = /** @type {Record<string, string[]>} */ ({ 'consensus-fix': ['localize'] });

/**
 * The workspace packages to install for a tool, by folder name: core, those it depends on, and itself.
 * @param {string} tool
 */
export function packagesFor(tool) {
  return ['core', ...(WORKSPACE_DEPENDENCIES[tool] ?? []), tool];
}

/**
 * The tarballs of core, the tool and the workspace packages it depends on among the file names of a
 * directory, as `pnpm pack` names them (`adlc-core-0.1.0.tgz`, `adlc-consensus-fix-0.1.0.tgz`).
 * @param {string[]} names
 * @param {string} tool
 * @returns {string[]}
 */
export function pickTarballs(names, tool) {
  return packagesFor(tool).map((name) => {
    const pattern = new RegExp(`^adlc-${name}-\\d[^/]*\\.tgz$`);
    const found = names.filter((n) => pattern.test(n));
    if (found.length !== 1) {
      const what = found.length === 0 ? 'no' : `${found.length}`;
      throw new ActionError(`${what} tarball of @adlc/${name} (adlc-${name}-<version>.tgz) in the tarballs directory; expected exactly one`);
    }
    return /** @type {string} */ (found[0]);
  });
}

/**
 * `npm install` of the given specs into an empty prefix. Dependency lifecycle scripts are skipped:
 * the CLIs need none, and none should run in a job that holds keys.
 * @param {string} prefix
 * @param {string[]} specs
 * @returns {string[]}
 */
export function npmInstallArgs(prefix, specs) {
  return ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-progress', '--prefer-offline', '--ignore-scripts', ...specs];
}

/**
 * The commands that build this checkout and pack core and the tool into `packDir`.
 * @param {string} repoRoot
 * @param {string} tool
 * @param {string} packDir
 * @returns {Array<{command: string, args: string[], cwd: string}>}
 */
export function checkoutBuildCommands(repoRoot, tool, packDir) {
  return [
    { command: 'npx', args: ['-y', 'pnpm@10', 'install', '--frozen-lockfile'], cwd: repoRoot },
    { command: 'npx', args: ['-y', 'pnpm@10', ...packagesFor(tool).flatMap((name) => ['--filter', `@adlc/${name}`]), 'pack', '--pack-destination', packDir], cwd: repoRoot },
  ];
}

/**
 * Where the installed CLI's script is, from its package.json `bin`.
 * @param {string} prefix
 * @param {string} tool
 * @param {{bin?: string | Record<string, string>}} manifest
 */
export function binPath(prefix, tool, manifest) {
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[tool];
  if (bin === undefined) throw new ActionError(`the installed @adlc/${tool} has no "${tool}" bin`);
  return join(prefix, 'node_modules', '@adlc', tool, bin);
}
