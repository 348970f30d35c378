// @ts-check
// Step: install the CLI into $RUNNER_TEMP/adlc/<tool> and set the outputs `bin` (the CLI's script),
// `version` and `source`. From npm when the input `version` is set; otherwise the CLI of this
// action's own commit, packed: from ADLC_TARBALLS_DIR when given (tarballs a previous step or job
// packed), else built and packed from this checkout. A second run with the same source reuses
// the install.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain, setOutputs } from './io.mjs';
import { ActionError } from './inputs.mjs';
import { binPath, checkoutBuildCommands, checkTool, checkVersion, installSource, npmInstallArgs, pickTarballs } from './install-plan.mjs';
import { withoutSecrets } from './secrets.mjs';

const MIN_NODE_MAJOR = 20;
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STAMP = '.adlc-install';

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 */
function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, env: withoutSecrets(process.env), stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) throw new ActionError(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new ActionError(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/**
 * The tarballs of core and the tool: from `tarballsDir`, or built and packed from this checkout.
 * @param {string} tool
 * @param {string} tarballsDir
 * @param {string} temp
 */
function tarballs(tool, tarballsDir, temp) {
  let dir = tarballsDir;
  if (dir === '') {
    if (!existsSync(join(REPO_ROOT, 'pnpm-workspace.yaml')) || !existsSync(join(REPO_ROOT, 'packages', tool, 'package.json'))) {
      throw new ActionError(`${REPO_ROOT} is not an adlc checkout: set the input "version" to install from npm`);
    }
    dir = mkdtempSync(join(temp, 'adlc-pack-'));
    for (const step of checkoutBuildCommands(REPO_ROOT, tool, dir)) run(step.command, step.args, step.cwd);
  }
  if (!existsSync(dir)) throw new ActionError(`ADLC_TARBALLS_DIR ${dir} does not exist`);
  return pickTarballs(readdirSync(dir), tool).map((name) => join(dir, name));
}

/** @param {string[]} files */
function digest(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex');
}

/**
 * Installs `specs` into an empty `prefix`, unless the same source is installed there already.
 * @param {string} prefix
 * @param {string[]} specs
 * @param {string} stamp
 */
function installInto(prefix, specs, stamp) {
  const stampFile = join(prefix, STAMP);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    process.stdout.write(`already installed in ${prefix}\n`);
    return;
  }
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
  run('npm', npmInstallArgs(prefix, specs), prefix);
  writeFileSync(stampFile, stamp);
}

async function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < MIN_NODE_MAJOR) throw new ActionError(`Node.js ${MIN_NODE_MAJOR} or newer is needed (this is ${process.version}): add actions/setup-node before this action`);
  const tool = checkTool(process.env.ADLC_TOOL ?? '');
  const version = (process.env.ADLC_VERSION ?? '').trim();
  const tarballsDir = (process.env.ADLC_TARBALLS_DIR ?? '').trim();
  const temp = process.env.RUNNER_TEMP || tmpdir();
  const prefix = join(temp, 'adlc', tool);
  const source = installSource({ version, tarballsDir });
  if (source === 'npm') {
    const spec = `@adlc/${tool}@${checkVersion(version)}`;
    installInto(prefix, [spec], `npm ${spec}`);
  } else {
    const files = tarballs(tool, tarballsDir, temp);
    installInto(prefix, files, `tarballs ${digest(files)}`);
  }
  const manifest = JSON.parse(readFileSync(join(prefix, 'node_modules', '@adlc', tool, 'package.json'), 'utf8'));
  const bin = binPath(prefix, tool, manifest);
  if (!existsSync(bin)) throw new ActionError(`the installed @adlc/${tool} has no ${bin}`);
  setOutputs({ bin, version: manifest.version, source }, process.env);
  process.stdout.write(`@adlc/${tool} ${manifest.version} (${source}): ${bin}\n`);
}

await runMain('adlc install', main);
