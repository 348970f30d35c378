// The blind chairman: reviewers become Reviewer A, B, C in a shuffled order, so the chairman
// cannot tell (and favour) its own vendor. Seedable, so tests and reruns can fix the order.

import { shuffle } from '@adlc/core';

/** `names` in a shuffled order, each with its letter (A, B, ... then AA, AB for more than 26). */
export function assignLetters(names: readonly string[], random: () => number): Array<{ letter: string; name: string }> {
  return shuffle([...names], random).map((name, i) => ({ letter: letterFor(i), name }));
}

export function letterFor(index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return index < 26 ? alphabet[index]! : `${alphabet[Math.floor(index / 26) - 1]!}${alphabet[index % 26]!}`;
}
