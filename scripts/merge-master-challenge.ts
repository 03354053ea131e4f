/**
 * Merges content/master-challenge.parts/<code>.json (one file per category writer) into
 * content/master-challenge.json, sorted by id, refusing duplicate ids.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { masterChallengeFileSchema } from '../src/domain/content/schemas';

const content = resolve(import.meta.dirname, '../content');
const partsDir = join(content, 'master-challenge.parts');
const target = join(content, 'master-challenge.json');
const existing = existsSync(target) ? masterChallengeFileSchema.parse(JSON.parse(readFileSync(target, 'utf8'))) : [];
const byId = new Map(existing.map((q) => [q.id, q]));
for (const file of readdirSync(partsDir).filter((f) => f.endsWith('.json'))) {
  for (const item of masterChallengeFileSchema.parse(JSON.parse(readFileSync(join(partsDir, file), 'utf8')))) {
    const previous = byId.get(item.id);
    if (previous && previous.category !== item.category)
      throw new Error(`${item.id} is used by ${previous.category} and ${item.category}`);
    byId.set(item.id, item);
  }
}
const merged = [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
console.log(`content/master-challenge.json: ${merged.length} items`);
