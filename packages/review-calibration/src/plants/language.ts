// Language names for reports (the Prism identifiers the mutation-testing viewer highlights with).

const BY_EXTENSION: Record<string, string> = {
  ts: 'typescript', tsx: 'typescript', mts: 'typescript', cts: 'typescript',
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript',
  py: 'python', go: 'go', java: 'java', rs: 'rust', c: 'c', h: 'c',
  cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', hh: 'cpp',
  cs: 'csharp', kt: 'kotlin', kts: 'kotlin', swift: 'swift', php: 'php', rb: 'ruby',
};

export function languageOf(file: string): string {
  const ext = /\.([^./\\]+)$/.exec(file)?.[1]?.toLowerCase();
  return (ext && BY_EXTENSION[ext]) ?? 'plaintext';
}
