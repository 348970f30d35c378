// Orders the sections of a diff so the first 10 KB the reviewers get is code: lockfiles, minified,
// generated and vendored files go last; everything else (untracked files included) in path order.

const LOCKFILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-lock.yaml',
  'yarn.lock',
  'bun.lockb',
  'bun.lock',
  'cargo.lock',
  'poetry.lock',
  'pipfile.lock',
  'uv.lock',
  'gemfile.lock',
  'composer.lock',
  'go.sum',
  'packages.lock.json',
  'pubspec.lock',
  'mix.lock',
  'flake.lock',
]);
const GENERATED_DIRS = /(?:^|\/)(?:dist|build|vendor|node_modules|__snapshots__|coverage|\.next|out)\//;
const GENERATED_FILES = /\.(?:min\.(?:js|css)|map|snap|lock)$/i;

/** True for files whose diff rarely holds what a reviewer should read first. */
export function isLowValueFile(file: string): boolean {
  const base = file.slice(file.lastIndexOf('/') + 1).toLowerCase();
  return LOCKFILES.has(base) || GENERATED_DIRS.test(file) || GENERATED_FILES.test(base);
}

/** The new-side path of a `diff --git` section, from its header. */
export function sectionFile(section: string): string {
  const header = /^diff --git (?:"?a\/(.*?)"? )?"?b\/(.*?)"?$/m.exec(section);
  return header?.[2] ?? header?.[1] ?? '';
}

/** The diff's sections, low-value files last, each group in path order; the text of each section unchanged. */
export function orderDiffSections(diff: string): string {
  const sections = diff.split(/(?=^diff --git )/m);
  // Anything before the first header (there should be nothing) stays first.
  const head = sections[0]?.startsWith('diff --git ') ? '' : (sections.shift() ?? '');
  const keyed = sections.map((text) => ({ text, file: sectionFile(text), low: isLowValueFile(sectionFile(text)) }));
  keyed.sort((a, b) => Number(a.low) - Number(b.low) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return head + keyed.map((s) => (s.text.endsWith('\n') ? s.text : `${s.text}\n`)).join('');
}
