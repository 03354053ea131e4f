/**
 * Blind review of a category's questions. Files live in `.review/` (git-ignored).
 *
 *   npx tsx scripts/content-review.ts blind a5 [--mc]
 *     Writes .review/a5.blind.json (with --mc: .review/a5-mc.blind.json, the category's Master Challenge
 *     items): every item's id, area, question and options, in a shuffled order — no answer, explanation,
 *     whyWrong or difficulty. Give only this file to a reviewer who did not write the category.
 *
 *   The reviewer answers every item without the key and writes .review/a5.answers.json (a5-mc.answers.json):
 *     [{ "id": "a5-0001", "answer": "A".."D", "confidence": 1-5,
 *        "flag": "ok" | "ambiguous" | "wrong-premise" | "unclear" | "too-easy", "note": "optional why" }]
 *     confidence: 5 = certain … 1 = guess. flag: ambiguous = more than one defensible answer;
 *     wrong-premise = the stem states something technically wrong; unclear = badly worded;
 *     too-easy = the answer can be read from the wording without knowledge.
 *
 *   npx tsx scripts/content-review.ts score a5 [--mc]
 *     Prints agreements, every disagreement with the key (id, reviewer's letter, key, note), flags by kind,
 *     unsure agreements, and a summary line to paste into content/REVIEW.md. Every disagreement and every
 *     flag is then resolved by fixing, rewriting or replacing the item (keep its id when fixing).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  blindItems,
  flaggedCount,
  REVIEW_FLAG_TARGET,
  reviewAnswersFileSchema,
  reviewSummary,
  scoreReview,
} from '../src/domain/content/review';
import { CATEGORY_CODES, masterChallengeFileSchema, questionFileSchema } from '../src/domain/content/schemas';

const root = join(import.meta.dirname, '..');
const reviewDir = join(root, '.review');
const usage = 'Usage: npx tsx scripts/content-review.ts blind|score <a1…a8> [--mc]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const [command, codeArg, ...rest] = process.argv.slice(2);
const code = codeArg?.toLowerCase() ?? '';
if (
  !['blind', 'score'].includes(command ?? '') ||
  !(CATEGORY_CODES as readonly string[]).includes(code.toUpperCase())
) {
  fail(usage);
}
const mc = rest.includes('--mc');
const unknownFlags = rest.filter((a) => a !== '--mc');
if (unknownFlags.length > 0) fail(`Unknown option ${unknownFlags.join(' ')}\n${usage}`);

const name = mc ? `${code}-mc` : code;
const label = `${code.toUpperCase()} ${mc ? 'Master Challenge' : 'questions'}`;
const source = join(root, 'content', mc ? 'master-challenge' : 'questions', `${code}.json`);
if (!existsSync(source)) fail(`${relative(root, source)} does not exist`);
const items = (mc ? masterChallengeFileSchema : questionFileSchema).parse(JSON.parse(readFileSync(source, 'utf8')));

if (command === 'blind') {
  mkdirSync(reviewDir, { recursive: true });
  const out = join(reviewDir, `${name}.blind.json`);
  writeFileSync(out, `${JSON.stringify(blindItems(items), null, 2)}\n`);
  console.log(`${relative(root, out)}: ${items.length} items (${label}), shuffled, without keys.`);
  console.log(`The reviewer writes .review/${name}.answers.json; see the top of scripts/content-review.ts.`);
  process.exit(0);
}

const answersPath = join(reviewDir, `${name}.answers.json`);
if (!existsSync(answersPath)) fail(`${relative(root, answersPath)} does not exist yet: the reviewer writes it.`);
const parsed = reviewAnswersFileSchema.safeParse(JSON.parse(readFileSync(answersPath, 'utf8')));
if (!parsed.success) {
  fail(
    `${relative(root, answersPath)} is not valid:\n${parsed.error.issues
      .slice(0, 20)
      .map((i) => `  [${i.path.join('.')}] ${i.message}`)
      .join('\n')}`,
  );
}

const score = scoreReview(items, parsed.data);
const lines = [`${label}: blind review scored against the key`];
lines.push(`  reviewed: ${score.reviewed} of ${score.pool}`);
if (score.missing.length > 0) lines.push(`  not answered (${score.missing.length}): ${score.missing.join(', ')}`);
if (score.unknown.length > 0) lines.push(`  answers to unknown ids (ignored): ${score.unknown.join(', ')}`);
if (score.duplicates.length > 0) lines.push(`  answered twice (first answer kept): ${score.duplicates.join(', ')}`);
lines.push(`  agreements: ${score.agreements}`);
lines.push(`  disagreements with the key: ${score.disagreements.length}`);
for (const d of score.disagreements) {
  lines.push(
    `    ${d.id}: reviewer ${d.reviewer}, key ${d.key} (confidence ${d.confidence}, ${d.flag})${d.note ? ` — ${d.note}` : ''}`,
  );
}
const flagged = flaggedCount(score);
const flaggedShare = score.reviewed === 0 ? 0 : flagged / score.reviewed;
lines.push(
  `  flags: ${flagged} (${(100 * flaggedShare).toFixed(1)}% of items reviewed; target under ${100 * REVIEW_FLAG_TARGET}%)`,
);
for (const [kind, list] of Object.entries(score.flags)) {
  lines.push(`    ${kind}: ${list.length}`);
  for (const a of list) lines.push(`      ${a.id}${a.note ? ` — ${a.note}` : ''}`);
}
if (score.unsure.length > 0) {
  lines.push(`  agreed but unsure (confidence 1–2): ${score.unsure.map((a) => a.id).join(', ')}`);
}
lines.push('', 'For content/REVIEW.md:', reviewSummary(label, score));
console.log(lines.join('\n'));
