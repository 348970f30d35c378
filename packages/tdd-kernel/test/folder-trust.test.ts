// doctor --agent gemini|qwen warns when the agent's folder trust would keep it from running the project's
// hooks at all (the gate installed and silently not run), and says nothing once the folder is trusted.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { DoctorAgentOutputSchema } from '../src/index.js';
import { kernel, makeProject } from './support.js';

let repo: TempRepo;
let home: string;
afterEach(() => {
  repo?.cleanup();
  rmSync(home, { recursive: true, force: true });
});

async function doctor(agent: 'gemini' | 'qwen', env: Record<string, string> = {}) {
  const out = await kernel(repo, ['doctor', '--agent', agent, '--json'], undefined, { HOME: home, ...env });
  return { exitCode: out.exitCode, result: DoctorAgentOutputSchema.parse(JSON.parse(out.stdout)) };
}

describe('folder trust', () => {
  it('gemini: untrusted folder warns (GEMINI_CLI_TRUST_WORKSPACE, --skip-trust); trusted or the variable set, no warning', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n' });
    home = mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-home-'));
    expect((await kernel(repo, ['init', 'gemini'], undefined, { HOME: home })).exitCode).toBe(0);
    const untrusted = await doctor('gemini');
    expect(untrusted.exitCode).toBe(0);
    expect(untrusted.result.refused).toBe(true);
    expect(untrusted.result.warnings?.[0]).toMatch(/not trusted.*GEMINI_CLI_TRUST_WORKSPACE=true.*--skip-trust/);
    expect((await doctor('gemini', { GEMINI_CLI_TRUST_WORKSPACE: 'true' })).result.warnings).toBeUndefined();
    mkdirSync(path.join(home, '.gemini'));
    writeFileSync(path.join(home, '.gemini/trustedFolders.json'), JSON.stringify({ [path.join(repo.dir, 'src')]: 'TRUST_PARENT' }));
    expect((await doctor('gemini')).result.warnings).toBeUndefined();
  });

  it('qwen: warns only with folder trust on and the folder not trusted', async () => {
    repo = makeProject('none', { 'src/a.ts': 'export {};\n' });
    home = mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-home-'));
    expect((await kernel(repo, ['init', 'qwen'], undefined, { HOME: home })).exitCode).toBe(0);
    expect((await doctor('qwen')).result.warnings).toBeUndefined();
    mkdirSync(path.join(home, '.qwen'));
    writeFileSync(path.join(home, '.qwen/settings.json'), JSON.stringify({ security: { folderTrust: { enabled: true } } }));
    expect((await doctor('qwen')).result.warnings?.[0]).toMatch(/folder trust on .* not trusted/);
    writeFileSync(path.join(home, '.qwen/trustedFolders.json'), JSON.stringify({ [path.dirname(repo.dir)]: 'TRUST_FOLDER', [repo.dir]: 'DO_NOT_TRUST' }));
    expect((await doctor('qwen')).result.warnings?.[0]).toMatch(/marked not to be trusted/);
    writeFileSync(path.join(home, '.qwen/trustedFolders.json'), JSON.stringify({ [repo.dir]: 'TRUST_FOLDER' }));
    expect((await doctor('qwen')).result.warnings).toBeUndefined();
  });
});
