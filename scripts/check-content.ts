/**
 * Prints the content standards report: `npm run content:check [a1 a2 …]` (all categories by default).
 * Per category: question count, difficulty mix, area shares, answer-letter shares, formats, exhibits,
 * answer cues (each flagged id with its reason), Master Challenge count and study guide checks.
 * Exits non-zero when any checked category breaks a rule of docs/PRODUCT.md#content-standards.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerSpread, checkAnswerSpread, twoTechnicianOptionProblems } from '../src/domain/content/answer-spread';
import { checkFormats, formatProblems, formatStats, nearDuplicates } from '../src/domain/content/formats';
import {
  BANK_RULES,
  bankStats,
  checkCategoryBank,
  checkCategoryCues,
  checkItems,
  checkMasterChallenge,
  checkStudyGuide,
  checkStudyLinks,
  pct,
  strategyChapterWords,
} from '../src/domain/content/quality';
import {
  CATEGORY_CODES,
  categoriesFileSchema,
  freeTestFileSchema,
  masterChallengeFileSchema,
  type QuestionItem,
  questionFileSchema,
} from '../src/domain/content/schemas';
import { checkShopTerms, guideTexts, itemTexts, shopTermsFileSchema } from '../src/domain/content/shop-terms';
import { parseStudyGuide } from '../src/domain/content/study-guide';
import { loadContent, resolveExhibitFiles } from '../src/server/db/content';
import { spanishCoverage } from '../src/server/db/content-spanish';

const root = join(import.meta.dirname, '..', 'content');
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

const categories = categoriesFileSchema.parse(readJson(join(root, 'categories.json')));
const wanted = process.argv.slice(2).map((s) => s.toUpperCase());
const unknown = wanted.filter((c) => !(CATEGORY_CODES as readonly string[]).includes(c));
if (unknown.length > 0) {
  console.error(`Unknown category ${unknown.join(', ')}; use a1 … a8`);
  process.exit(2);
}
const checked = categories.filter((c) => wanted.length === 0 || wanted.includes(c.code));

/** Parses one item file; schema problems are reported, not thrown, so other files are still checked. */
function readItems(path: string, schema: typeof questionFileSchema, label: string, problems: string[]) {
  if (!existsSync(path)) {
    problems.push(`${label} missing`);
    return [];
  }
  const raw = readJson(path);
  try {
    resolveExhibitFiles(root, raw, path);
  } catch (error) {
    problems.push((error as Error).message);
    return [];
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  problems.push(...parsed.error.issues.slice(0, 30).map((i) => `${label} ${i.path.join('.')}: ${i.message}`));
  return [];
}

const practice = new Map<string, QuestionItem[]>();
const masterChallenge = new Map<string, QuestionItem[]>();
const problemsOf = new Map<string, string[]>(categories.map((c) => [c.code, []]));
for (const category of categories) {
  const code = category.code.toLowerCase();
  const problems = problemsOf.get(category.code)!;
  practice.set(
    category.code,
    readItems(join(root, 'questions', `${code}.json`), questionFileSchema, `questions/${code}.json`, problems),
  );
  masterChallenge.set(
    category.code,
    readItems(
      join(root, 'master-challenge', `${code}.json`),
      masterChallengeFileSchema,
      `master-challenge/${code}.json`,
      problems,
    ),
  );
}

// Ids and stems are unique across every bank, the free test and the Master Challenge pool.
const freeTest = freeTestFileSchema.parse(readJson(join(root, 'free-test.json')));
const everyItem = [...freeTest, ...[...practice.values()].flat(), ...[...masterChallenge.values()].flat()];
const categoryOfId = new Map(everyItem.map((q) => [q.id, q.category]));
for (const problem of checkItems(everyItem)) {
  const [id = ''] = problem.split(':');
  const category = categoryOfId.get(id) ?? 'A1';
  problemsOf.get(category)?.push(problem);
}

const share = (n: number, total: number) => `${n} (${pct(n, total)})`;
let failures = 0;

for (const category of checked) {
  const items = practice.get(category.code) ?? [];
  const mc = masterChallenge.get(category.code) ?? [];
  const problems = problemsOf.get(category.code)!;
  const stats = bankStats(category, items);
  const { total } = stats;
  const lines = [`${category.code} ${category.name}`];
  lines.push(`  questions: ${total} (need ≥ ${BANK_RULES.minQuestions})`);
  lines.push(
    `  difficulty: easy ${share(stats.difficulty.easy, total)} · medium ${share(stats.difficulty.medium, total)} · ` +
      `hard ${share(stats.difficulty.hard, total)} (target 30/45/25 ±${BANK_RULES.difficultyTolerancePoints})`,
  );
  lines.push('  areas (target ±5 points):');
  for (const area of stats.areas) lines.push(`    ${area.name}: ${share(area.count, total)}, target ${area.target}%`);
  lines.push(
    `  answer letters: ${(['A', 'B', 'C', 'D'] as const).map((l) => `${l} ${pct(stats.letters[l], total)}`).join(' · ')} (20–30% each)`,
  );
  lines.push(`  key is the longest option: ${share(stats.longestCorrect, total)} (max 35%)`);
  const formats = formatStats(items).counts;
  lines.push(
    `  formats: two-technician ${share(formats['two-technician'], total)} (15–22%) · negative ${share(formats.negative, total)} (≥ 8%) · ` +
      `most-likely ${share(formats['most-likely'], total)} · direct ${share(formats.direct, total)} · completion ${share(formats.completion, total)}`,
  );
  const spread = answerSpread(items);
  const twoTech = spread.twoTechnician;
  lines.push(
    `  two-technician keys: A only ${share(twoTech.keys.A, twoTech.items)} · B only ${share(twoTech.keys.B, twoTech.items)} · ` +
      `Both ${share(twoTech.keys.C, twoTech.items)} · Neither ${share(twoTech.keys.D, twoTech.items)} (15–35% each); ` +
      `Technician A right in ${share(twoTech.techATrue, twoTech.items)}`,
  );
  lines.push(
    `  numeric options: the key a middle value in ${share(spread.numeric.middle, spread.numeric.items)} of ${spread.numeric.items} (max 60%)`,
  );
  lines.push(`  exhibits: ${items.filter((q) => q.exhibit).length}`);
  problems.push(...checkCategoryBank(category, items));
  problems.push(...checkFormats(category.code, items));
  problems.push(...checkAnswerSpread(category.code, items));
  for (const pair of nearDuplicates([...items, ...(masterChallenge.get(category.code) ?? [])]))
    problems.push(
      `${pair.ids.join(' / ')}: near-duplicates (score ${pair.score.toFixed(2)}): make one test another point`,
    );

  const cues = checkCategoryCues(category.code, items);
  lines.push(`  answer cues: ${share(cues.flagged, total)} of items flagged (need under 5%)`);
  for (const flag of cues.flags) lines.push(`    ${flag.id} ${flag.rule}: ${flag.reason}`);
  problems.push(...cues.problems);

  // Master Challenge cues are reported for the authors to look at; the 5% limit is the bank's.
  const mcCues = checkCategoryCues(category.code, mc, [...items, ...mc]);
  lines.push(
    `  Master Challenge: ${mc.length} items (need ≥ ${BANK_RULES.minMasterChallengePerCategory}, all hard, none in practice); ` +
      `answer cues ${share(mcCues.flagged, mc.length)}`,
  );
  for (const flag of mcCues.flags) lines.push(`    ${flag.id} ${flag.rule}: ${flag.reason}`);
  problems.push(...checkMasterChallenge(category.code, mc));
  problems.push(...mc.flatMap(formatProblems));
  problems.push(...mc.flatMap(twoTechnicianOptionProblems));

  const guidePath = join(root, 'study-guides', `${category.code.toLowerCase()}.md`);
  if (existsSync(guidePath)) {
    try {
      const chapters = parseStudyGuide(readFileSync(guidePath, 'utf8'));
      const sections = chapters.reduce((n, ch) => n + ch.sections.length, 0);
      const strategy = strategyChapterWords(chapters);
      lines.push(
        `  guide: ${chapters.length} chapters, ${sections} sections; ` +
          (strategy === undefined
            ? `no closing "${BANK_RULES.strategyChapterTitle}" chapter`
            : `"${chapters.at(-1)!.title}" ${strategy} words (≤ ${BANK_RULES.strategyChapterMaxWords})`),
      );
      problems.push(...checkStudyGuide(category, chapters));
      problems.push(...checkStudyLinks(category, items, chapters));
    } catch (error) {
      problems.push(`study-guides/${category.code.toLowerCase()}.md: ${(error as Error).message}`);
    }
  } else problems.push(`study-guides/${category.code.toLowerCase()}.md missing`);

  lines.push(problems.length === 0 ? '  all checks pass' : `  PROBLEMS (${problems.length}):`);
  for (const problem of problems) lines.push(`    - ${problem}`);
  failures += problems.length;
  console.log(`${lines.join('\n')}\n`);
}

// Spanish (ADR 0024): what is translated, per category. Loading attaches and validates content/es/.
try {
  const bundle = loadContent(root);
  const ratio = (part: { translated: number; total: number }) =>
    `${part.translated}/${part.total} (${pct(part.translated, part.total)})`;
  console.log('Spanish coverage:');
  console.log(`  free test: ${bundle.freeTest.filter((q) => q.es).length}/${bundle.freeTest.length}`);
  for (const row of spanishCoverage(bundle).filter((r) => checked.some((c) => c.code === r.code))) {
    console.log(
      `  ${row.code}: questions ${ratio(row.questions)} · chapter descriptions ${ratio(row.chapters)} · ` +
        `guide sections ${ratio(row.sections)}`,
    );
  }
  // The glossary of shop terms: no avoided rendering, no glossary term rendered another way.
  const terms = shopTermsFileSchema.parse(readJson(join(root, 'es', 'glossary.json')));
  const findings = checkShopTerms(terms, [
    ...itemTexts(bundle.questions.filter((q) => checked.some((c) => c.code === q.category))),
    ...(wanted.length === 0 ? itemTexts(bundle.freeTest) : []),
    ...bundle.guides.filter((g) => checked.some((c) => c.code === g.code)).flatMap(guideTexts),
  ]);
  console.log(`  glossary: ${terms.length} shop terms; ${findings.length} finding(s)`);
  for (const finding of findings) console.log(`    - ${finding}`);
  failures += findings.length;
  // The two-technician answers in Spanish (the English ones are checked above, per category).
  const labels = [...bundle.questions, ...bundle.masterChallenge]
    .filter((q) => checked.some((c) => c.code === q.category))
    .flatMap(twoTechnicianOptionProblems)
    .filter((problem) => problem.includes('Spanish'));
  for (const problem of labels) console.log(`    - ${problem}`);
  failures += labels.length;
  console.log('');
} catch (error) {
  console.log(`Spanish content: ${(error as Error).message}\n`);
  failures += 1;
}

if (wanted.length === 0) {
  const pool = [...masterChallenge.values()].flat().length;
  console.log(`Master Challenge pool: ${pool} items (need ≥ ${BANK_RULES.minMasterChallengeTotal})`);
  if (pool < BANK_RULES.minMasterChallengeTotal) failures += 1;
}
console.log(failures === 0 ? 'All content checks pass.' : `${failures} problem(s).`);
process.exit(failures > 0 ? 1 : 0);
