/** Edit distance, for "did you mean" (commands, flags, host names, tool kinds). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The closest of `known` to a mistyped `word`, when it is close enough to be what was meant. */
export function closest(word: string, known: readonly string[]): string | undefined {
  const scored = known.map((name) => ({ name, d: name.startsWith(word) || word.startsWith(name) ? 1 : distance(word, name) })).sort((a, b) => a.d - b.d);
  const best = scored[0];
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? best.name : undefined;
}
