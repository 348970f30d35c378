// localize through the SDK's Client against the built server, on real temporary repositories: the
// ranking is the `localization` document of `consensus-fix --localize-only --json` (checked against
// the tool's outputSchema and the CLI's own answer), no provider is needed, a test that passes is
// isError with the CLI's error document, and the tree is left as it was.

import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempRepo, runCli, type FileTree, type TempRepo } from '@adlc/testkit';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { ledgerPackage, LEDGER_REPRO } from '../../localize/test/fixtures.js';
import { errorOf, outputValidator, startClient, textOf, type TestClient } from './support.js';

const CONSENSUS_FIX = fileURLToPath(new URL('../../consensus-fix/bin/consensus-fix.js', import.meta.url));

const repos: TempRepo[] = [];
const clients: TestClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
  for (const r of repos) r.cleanup();
});

/** A client whose server starts in a new repository holding `files`, with no provider configured. */
async function clientIn(files: FileTree): Promise<{ repo: TempRepo; c: TestClient }> {
  const repo = makeTempRepo({ files, prefix: 'mcp-localize-' });
  repos.push(repo);
  const c = await startClient({ cwd: repo.dir, env: {} });
  clients.push(c);
  return { repo, c };
}

describe('localize', () => {
  it('the ranked files, as consensus-fix --localize-only --json ranks them; the stages as progress; nothing written', async () => {
    const { repo, c } = await clientIn(ledgerPackage('throws'));
    const progress: Progress[] = [];
    const result = await c.call('localize', { cwd: repo.dir, testCmd: LEDGER_REPRO.throws, maxFiles: 2 }, { onprogress: (p) => progress.push(p) });
    outputValidator(await c.tools())('localize', result);
    const doc = result.structuredContent as { localization: { files: Array<{ file: string; score: number }>; tookMs: number } };
    expect(Object.keys(doc)).toEqual(['localization']);
    expect(doc.localization.files.map((f) => f.file)).toHaveLength(2);
    expect(doc.localization.files[0]!.file).toBe('lib/amount.js');
    expect(textOf(result)).toMatch(/^1\. lib\/amount\.js \(/);
    expect(progress.map((p) => p.message)).toEqual([`pre-flight: ${LEDGER_REPRO.throws}`, 'localizing the files to fix']);
    expect(repo.status()).toBe('');

    const cli = await runCli(CONSENSUS_FIX, ['--test-cmd', LEDGER_REPRO.throws, '--localize-only', '--json', '--max-files', '2'], { cwd: repo.dir, env: {} });
    expect(cli.exitCode, cli.stderr).toBe(0);
    const fromCli = JSON.parse(cli.stdout) as typeof doc;
    const ranking = (d: typeof doc) => d.localization.files.map(({ file, score }) => ({ file, score }));
    expect(ranking(doc)).toEqual(ranking(fromCli));
  });

  it('a test that already passes is isError with the CLI error document', async () => {
    const { repo, c } = await clientIn(ledgerPackage('fixed'));
    const error = errorOf(await c.call('localize', { cwd: repo.dir, testCmd: LEDGER_REPRO.throws }));
    expect(error).toMatchObject({ exitCode: 1, message: expect.stringContaining('already passes') });
    expect(repo.status()).toBe('');
  });
});
