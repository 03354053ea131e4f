/** Per content-area scores of a finished test, and which area is weakest (what the results lead to next). */

export interface AreaScore {
  categoryCode: string;
  area: string;
  correct: number;
  total: number;
}

/** Groups answered slots by category and content area, in order of first appearance by category code. */
export function areaScores(
  slots: readonly { categoryCode: string; contentArea: string; correct: boolean }[],
): AreaScore[] {
  const byArea = new Map<string, AreaScore>();
  for (const s of slots) {
    const key = `${s.categoryCode}\u0000${s.contentArea}`;
    const score = byArea.get(key) ?? { categoryCode: s.categoryCode, area: s.contentArea, correct: 0, total: 0 };
    score.total += 1;
    if (s.correct) score.correct += 1;
    byArea.set(key, score);
  }
  return [...byArea.values()].sort(
    (a, b) => a.categoryCode.localeCompare(b.categoryCode) || a.area.localeCompare(b.area),
  );
}

/**
 * The weakest area: the lowest share right; on a tie the one with more questions (more evidence), then
 * the first by code and name. None when every area was answered perfectly.
 */
export function weakestArea(scores: readonly AreaScore[]): AreaScore | null {
  const candidates = scores.filter((s) => s.total > 0 && s.correct < s.total);
  if (candidates.length === 0) return null;
  return (
    [...candidates].sort(
      (a, b) =>
        a.correct * b.total - b.correct * a.total ||
        b.total - a.total ||
        a.categoryCode.localeCompare(b.categoryCode) ||
        a.area.localeCompare(b.area),
    )[0] ?? null
  );
}
