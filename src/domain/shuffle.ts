/** Fisher–Yates shuffle with an injectable random source (tests pass a seeded one). */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    // Both in range: i < out.length by the loop, 0 <= j <= i by the line above.
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
