import { withDatabase } from './cli';

await withDatabase(async (database) => {
  await database.migrate();
  console.log('Migrations applied.');
});
