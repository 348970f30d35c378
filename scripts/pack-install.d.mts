// Types of the pure checks scripts/pack-install.mjs exports (its tests import them).

export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  exports?: unknown;
  bin?: Record<string, string>;
  main?: string;
  types?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export function publishedPackages(root?: string): Array<{ dir: string; manifest: Manifest }>;
export function exportTargets(value: unknown): string[];
export function manifestProblems(manifest: Manifest, files: ReadonlySet<string>): string[];
export function importedPackages(source: string): Set<string>;
export function undeclaredImports(manifest: Manifest, sources: readonly string[]): string[];
export function pack(packages: Array<{ dir: string; manifest: Manifest }>, destination: string): string[];
export function install(project: string, tarballs: readonly string[]): void;
export function installPackedCopy(scratch: string): string;
