import { describe, expect, it } from 'vitest';
import { decideRecovery, type CurrentFile, type JournaledFile, type RecoveryDecision } from '../src/recovery-decision.js';

const ORIGINAL = 'a'.repeat(64);
const RUN_WROTE = 'b'.repeat(64);
const PERSON_WROTE = 'c'.repeat(64);

const existed: JournaledFile = { existed: true, originalHash: ORIGINAL, written: [RUN_WROTE] };
const created: JournaledFile = { existed: false, originalHash: null, written: [RUN_WROTE] };
const oldJournal: JournaledFile = { existed: true, originalHash: ORIGINAL, written: null };
const oldJournalCreated: JournaledFile = { existed: false, originalHash: null, written: null };

const file = (hash: string): CurrentFile => ({ kind: 'file', hash });
const missing: CurrentFile = { kind: 'missing' };
const other: CurrentFile = { kind: 'other' };
const restore: RecoveryDecision = { action: 'restore' };
const keep = (now: 'changed' | 'missing' | 'not-a-file'): RecoveryDecision => ({ action: 'keep', now });

describe('decideRecovery', () => {
  it.each([
    ['existing file, still the original', existed, file(ORIGINAL), restore],
    ['existing file, holding what the run wrote', existed, file(RUN_WROTE), restore],
    ['existing file, edited by a person', existed, file(PERSON_WROTE), keep('changed')],
    ['existing file, deleted since', existed, missing, keep('missing')],
    ['existing file, now a directory or symlink', existed, other, keep('not-a-file')],
    ['created by the run, still there as written', created, file(RUN_WROTE), restore],
    ['created by the run, gone again', created, missing, restore],
    ['created by the run, then edited by a person', created, file(PERSON_WROTE), keep('changed')],
    ['created by the run, now a directory', created, other, keep('not-a-file')],
    ['version 1 journal, edited file', oldJournal, file(PERSON_WROTE), restore],
    ['version 1 journal, deleted file', oldJournal, missing, restore],
    ['version 1 journal, created file edited', oldJournalCreated, file(PERSON_WROTE), restore],
  ] as const)('%s', (_, journaled, current, expected) => {
    expect(decideRecovery(journaled, current)).toEqual(expected);
  });

  it('a run that wrote nothing yet keeps any change to the file', () => {
    expect(decideRecovery({ ...existed, written: [] }, file(RUN_WROTE))).toEqual(keep('changed'));
  });
});
