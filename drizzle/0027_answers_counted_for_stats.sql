-- Nullable without a default, so adding it to the largest table is instant. Null (answers submitted before it,
-- or by the previous release during a rolling deploy) counts in the difficulty statistics as before (ADR 0014).
ALTER TABLE "test_answers" ADD COLUMN "counts_for_stats" boolean;
