// Where things live: the project root, the log, and the scratch directory (.git/tdd-kernel/ in a git
// repository, the OS temp dir otherwise) that holds the compact state, the turn buffer and pre-edit copies.

import * as fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sha1Hex } from '@adlc/core';
import { CONFIG_DIR, DEFAULT_LOG, type KernelConfig } from './config.js';

/** The nearest directory at or above `start` holding .tdd-kernel/ or .git; else `start` itself. */
export function findRoot(start: string): string {
  return findProjectRoot(start) ?? realpath(path.resolve(start));
}

/**
 * The project `start` is in: the nearest directory at or above it holding .tdd-kernel/, else the nearest
 * holding .git (a repository never `init`ed is a project too); null when there is neither.
 */
export function findProjectRoot(start: string): string | null {
  let gitRoot: string | null = null;
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (isDir(path.join(dir, CONFIG_DIR))) return realpath(dir);
    if (gitRoot === null && fs.existsSync(path.join(dir, '.git'))) gitRoot = dir;
    if (path.dirname(dir) === dir) break;
  }
  return gitRoot === null ? null : realpath(gitRoot);
}

/** Whether `start` is inside a project: a directory at or above it holds .tdd-kernel/, .git or package.json. */
export function insideProject(start: string): boolean {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (isDir(path.join(dir, CONFIG_DIR)) || fs.existsSync(path.join(dir, '.git')) || fs.existsSync(path.join(dir, 'package.json'))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/** The git directory of the worktree at or above `root` (follows a `.git` file), or null. */
export function findGitDir(root: string): string | null {
  for (let dir = root; ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, '.git');
    try {
      const stat = fs.statSync(dotGit);
      if (stat.isDirectory()) return dotGit;
      if (stat.isFile()) {
        const match = /^gitdir:\s*(.+)$/m.exec(fs.readFileSync(dotGit, 'utf8'));
        if (match?.[1]) return path.resolve(dir, match[1].trim());
      }
    } catch {
      // not here
    }
    if (path.dirname(dir) === dir) return null;
  }
}

export interface ProjectPaths {
  root: string;
  log: string;
  /** Scratch for this log: state file, turn buffers, pre-edit copies. */
  scratch: string;
}

export function projectPaths(root: string, config: KernelConfig, logOverride?: string): ProjectPaths {
  const log = path.resolve(root, logOverride ?? config.log ?? DEFAULT_LOG);
  // One scratch per log, so --log elsewhere never mixes state with the default log.
  const key = sha1Hex(log).slice(0, 12);
  return { root, log, scratch: path.join(scratchBase(root), key) };
}

/** The project's scratch dir, above each log's: .git/tdd-kernel/ in a git repository, else in the OS temp dir. */
export function scratchBase(root: string): string {
  const gitDir = findGitDir(root);
  return gitDir ? path.join(gitDir, 'tdd-kernel') : path.join(os.tmpdir(), 'tdd-kernel', sha1Hex(root).slice(0, 16));
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** `p` with its links resolved; as given when it cannot be (it does not exist). */
export function realpath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/** Posix path relative to root; null for the root itself or when it lands outside (symlinks resolved, dangling ones too). */
export { relativeToRoot } from '@adlc/core';
