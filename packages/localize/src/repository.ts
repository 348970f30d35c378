// Which repository a test command runs in: its root is where file paths are counted from, and git's
// file list (tracked plus untracked, not ignored) is what localization ranks.

import { realpathSync } from 'node:fs';
import { git, isGitRepo } from '@adlc/core';

export interface Target {
  /** Real path of the repository root (or of the directory, outside git). */
  root: string;
  isRepo: boolean;
}

export async function findTarget(cwd: string): Promise<Target> {
  try {
    return { root: await git.root(cwd), isRepo: true };
  } catch (error) {
    // Not a repository (or git cannot tell): the directory itself, whose files are walked instead of listed by git.
    if (await isGitRepo(cwd)) throw error;
    return { root: realpathSync(cwd), isRepo: false };
  }
}
