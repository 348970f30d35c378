// Where a tool may work: inside a root the client declared (MCP roots) or, when it declared none,
// inside the directory the server started in. A `cwd` anywhere else is refused before a tool runs.

import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isInsideRoot, opError } from '@adlc/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** How long the client gets to list its roots. */
export const ROOTS_TIMEOUT_MS = 10_000;

export interface AllowedRoots {
  dirs: string[];
  /** True when the dirs are the client's roots; false when they are the server's start directory. */
  declared: boolean;
}

/** The directories that `file:` root URIs name; roots of other schemes name no directory here. */
export function rootDirs(uris: readonly string[]): string[] {
  return uris.filter((uri) => uri.startsWith('file:')).map((uri) => fileURLToPath(uri));
}

/** The root `dir` lies in (by where it lands on disk, symlinks resolved), or null. */
export function rootOf(dir: string, roots: readonly string[]): string | null {
  return roots.find((root) => isInsideRoot(root, dir).ok) ?? null;
}

/**
 * `cwd` (relative ones from the start directory) as the real path of an existing directory inside one
 * of the allowed roots; an OpError naming the roots otherwise.
 */
export function checkCwd(cwd: string, allowed: AllowedRoots, startDir: string): string {
  const dir = path.resolve(startDir, cwd);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw opError(`cwd ${cwd} is not a directory`, { hint: 'pass the absolute path of the repository (or a directory in it) to work in' });
  }
  const root = rootOf(dir, allowed.dirs);
  if (root === null) throw outsideRoots(cwd, allowed);
  const where = isInsideRoot(root, dir);
  return where.ok ? where.abs : dir;
}

/** A path a tool is about to write must lie inside the allowed roots too (the project root may be above them). */
export function checkWritable(file: string, allowed: AllowedRoots): void {
  if (rootOf(file, allowed.dirs) === null) throw outsideRoots(file, allowed);
}

function outsideRoots(what: string, allowed: AllowedRoots) {
  const where = allowed.dirs.join(', ');
  return allowed.declared
    ? opError(`${what} is outside the roots the client declared (${where})`, { hint: 'work inside one of those roots, or add the directory as a root in the client' })
    : opError(`${what} is outside the directory adlc-mcp was started in (${where}), and the client declared no roots`, {
        hint: 'start adlc-mcp in the project (or a directory above it), or use a client that declares MCP roots',
      });
}

/** The client's roots, asked once and asked again after the client says they changed. */
export class Workspace {
  private asked: Promise<string[]> | undefined;

  constructor(
    private readonly server: Server,
    readonly startDir: string,
  ) {}

  /** Drop the roots asked so far (on notifications/roots/list_changed). */
  forget(): void {
    this.asked = undefined;
  }

  async roots(): Promise<AllowedRoots> {
    if (!this.server.getClientCapabilities()?.roots) return { dirs: [this.startDir], declared: false };
    this.asked ??= this.server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS }).then((answer) => rootDirs(answer.roots.map((r) => r.uri)));
    let dirs: string[];
    try {
      dirs = await this.asked;
    } catch (error) {
      this.asked = undefined;
      throw opError(`could not list the client's roots: ${(error as Error).message}`, { hint: 'the client declared MCP roots but did not answer roots/list' });
    }
    // A client with the capability but no root open: the start directory, as without roots.
    return dirs.length > 0 ? { dirs, declared: true } : { dirs: [this.startDir], declared: false };
  }
}
