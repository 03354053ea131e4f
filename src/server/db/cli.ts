import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from './client';

/** Opens the configured database for a one-off command and closes it afterwards. */
export async function withDatabase(run: (database: DatabaseHandle) => Promise<void>) {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    await run(database);
  } finally {
    await database.close();
  }
}
