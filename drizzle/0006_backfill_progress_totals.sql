-- Fill the technician progress totals (ADR 0016) from the tests completed before they existed;
-- from now on each submit keeps them. The same statements as rebuildProgressTotals().
INSERT INTO "tech_test_totals" ("tech_id", "tests_completed", "tests_passed", "score_sum", "last_completed_at")
SELECT "tech_id", count(*), count(*) FILTER (WHERE "score" >= 70), coalesce(sum("score"), 0), max("completed_at")
FROM "test_sessions"
WHERE "completed_at" IS NOT NULL AND "score" IS NOT NULL
GROUP BY "tech_id"
ON CONFLICT ("tech_id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "tech_category_scores" ("tech_id", "category_id", "recent_scores", "best_recent", "last_completed_at")
SELECT "tech_id", "category_id", "recent", (SELECT max(x) FROM unnest("recent") x), "last"
FROM (
  SELECT "tech_id", "category_id",
    (array_agg("score"::smallint ORDER BY "completed_at" DESC, "id"))[1:5] AS "recent", max("completed_at") AS "last"
  FROM "test_sessions"
  WHERE "completed_at" IS NOT NULL AND "score" IS NOT NULL AND "category_id" IS NOT NULL
  GROUP BY "tech_id", "category_id"
) "latest"
ON CONFLICT ("tech_id", "category_id") DO NOTHING;
--> statement-breakpoint
UPDATE "tech_test_totals" "t" SET "category_best" = (
  SELECT array_agg("b"."best_recent" ORDER BY "i")
  FROM generate_series(1, 8) "i"
  LEFT JOIN LATERAL (
    SELECT "cs"."best_recent" FROM "tech_category_scores" "cs"
    JOIN "ase_categories" "ac" ON "ac"."id" = "cs"."category_id"
    WHERE "cs"."tech_id" = "t"."tech_id" AND "ac"."code" = 'A' || "i"
  ) "b" ON true
);
