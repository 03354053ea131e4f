import { withDatabase } from './cli';
import { contentFingerprint, loadContent } from './content';
import { seedContent } from './seed';

await withDatabase(async (database) => {
  await database.migrate();
  // Always seeds (the start-up seed skips unchanged content); the fingerprint lets the next start skip it.
  const fingerprint = contentFingerprint();
  const content = loadContent();
  await seedContent(database.db, content, fingerprint);
  console.log(
    `Seeded ${content.categories.length} categories, ${content.questions.length} questions, ${content.freeTest.length} free-test questions, ` +
      `${content.masterChallenge.length} Master Challenge items, ${content.guides.length} study guides, ` +
      `${content.achievements.length} achievements and ${content.plans.shopPlans.length} shop plans.`,
  );
});
