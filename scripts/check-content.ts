/**
 * Prints the content standards report: `npm run content:check [a1 a2 …]`.
 * Exits non-zero when any checked file breaks a rule of shared/CONTENT.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCategoryBank, checkItems, checkStudyGuide } from '../src/domain/content/quality';
import { categoriesFileSchema, masterChallengeFileSchema, questionFileSchema } from '../src/domain/content/schemas';
import { parseStudyGuide } from '../src/domain/content/study-guide';

const root = join(import.meta.dirname, '..', 'content');
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

const categories = categoriesFileSchema.parse(readJson(join(root, 'categories.json')));
const wanted = process.argv.slice(2).map((s) => s.toUpperCase());
let failures = 0;

for (const category of categories) {
  if (wanted.length > 0 && !wanted.includes(category.code)) continue;
  const code = category.code.toLowerCase();
  const report: string[] = [];
  const questionsPath = join(root, 'questions', `${code}.json`);
  if (existsSync(questionsPath)) {
    const parsed = questionFileSchema.safeParse(readJson(questionsPath));
    if (!parsed.success) {
      report.push(...parsed.error.issues.slice(0, 30).map((i) => `${code}.json ${i.path.join('.')}: ${i.message}`));
    } else {
      report.push(...checkCategoryBank(category, parsed.data));
      const byDifficulty: Record<string, number> = {};
      for (const q of parsed.data) byDifficulty[q.difficulty] = (byDifficulty[q.difficulty] ?? 0) + 1;
      console.log(`${category.code}: ${parsed.data.length} questions`, byDifficulty);
    }
  } else report.push(`${code}.json missing`);

  const guidePath = join(root, 'study-guides', `${code}.md`);
  if (existsSync(guidePath)) {
    try {
      report.push(...checkStudyGuide(category, parseStudyGuide(readFileSync(guidePath, 'utf8'))));
    } catch (error) {
      report.push(`${code}.md: ${(error as Error).message}`);
    }
  } else report.push(`${code}.md missing`);

  const mcPath = join(root, 'master-challenge', `${code}.json`);
  if (existsSync(mcPath)) {
    const mc = masterChallengeFileSchema.safeParse(readJson(mcPath));
    if (!mc.success) report.push(...mc.error.issues.slice(0, 20).map((i) => `mc ${i.path.join('.')}: ${i.message}`));
    else {
      report.push(...checkItems(mc.data));
      if (mc.data.filter((q) => q.category === category.code).length < 12)
        report.push(`${code} master challenge: need ≥ 12 items`);
    }
  }

  failures += report.length;
  console.log(
    report.length === 0 ? `${category.code}: all checks pass` : `${category.code}:\n  ${report.join('\n  ')}`,
  );
}
process.exit(failures > 0 ? 1 : 0);
