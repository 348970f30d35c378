// The blind chairman: reviewers become Reviewer A, B, C in a shuffled order, so the chairman
// cannot tell (and favour) its own vendor. Seedable, so tests and reruns can fix the order.

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `names` in a shuffled order, each with its letter (A, B, ... then AA, AB for more than 26). */
export function assignLetters(names: readonly string[], random: () => number): Array<{ letter: string; name: string }> {
  const order = [...names];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order.map((name, i) => ({ letter: letterFor(i), name }));
}

export function letterFor(index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return index < 26 ? alphabet[index]! : `${alphabet[Math.floor(index / 26) - 1]!}${alphabet[index % 26]!}`;
}
