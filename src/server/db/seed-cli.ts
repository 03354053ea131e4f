import { withDatabase } from './cli';
import { loadContent } from './content';
import { seedContent } from './seed';

await withDatabase(async (database) => {
  await database.migrate();
  const content = loadContent();
  await seedContent(database.db, content);
  console.log(
    `Seeded ${content.categories.length} categories, ${content.questions.length} questions, ${content.freeTest.length} free-test questions, ` +
      `${content.masterChallenge.length} Master Challenge items, ${content.guides.length} study guides, ` +
      `${content.achievements.length} achievements and ${content.plans.shopPlans.length} shop plans.`,
  );
});
