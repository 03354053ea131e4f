import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASE_AREAS } from '../../src/domain/ase-areas';
import { checkAnswerSpread, twoTechnicianOptionProblems } from '../../src/domain/content/answer-spread';
import { PRACTICE_QUESTION_COUNT } from '../../src/domain/content/bank-size';
import { checkFormats, formatProblems, nearDuplicates } from '../../src/domain/content/formats';
import {
  BANK_RULES,
  checkCategoryBank,
  checkCategoryCues,
  checkItems,
  checkMasterChallenge,
  checkStudyGuide,
} from '../../src/domain/content/quality';
import { CATEGORY_CODES } from '../../src/domain/content/schemas';
import { loadContent } from '../../src/server/db/content';

/** shared/CONTENT.md standards over the real content/ folder. */
const content = loadContent(process.env.CONTENT_DIR || undefined);
const full = !process.env.CONTENT_DIR;

describe('content/', () => {
  it('lists the eight categories with the spec names', () => {
    expect(content.categories.map((c) => ({ code: c.code, name: c.name }))).toEqual(ASE_AREAS);
  });

  it('has a 5-question A1 free test in order', () => {
    expect(content.freeTest.map((q) => q.id)).toEqual(['free-1', 'free-2', 'free-3', 'free-4', 'free-5']);
    expect(checkItems(content.freeTest)).toEqual([]);
    const a1Areas = content.categories[0]!.areas.map((a) => a.name);
    for (const q of content.freeTest) expect(a1Areas).toContain(q.area);
  });

  it('has the ten spec achievements with their thresholds', () => {
    const byCode = Object.fromEntries(content.achievements.map((a) => [a.code, a.requirement_value]));
    expect(byCode).toEqual({
      first_test: 1,
      test_taker_5: 5,
      test_veteran_10: 10,
      test_master_25: 25,
      test_legend_50: 50,
      first_pass: 70,
      high_achiever: 90,
      perfect_score: 100,
      consistent_passer: 5,
      master_all_categories: 8,
    });
  });

  it('prices the plans as the spec does', () => {
    const prices = content.plans.shopPlans.map((p) => [p.shop_type, p.price_monthly_cents, p.name]);
    expect(prices).toContainEqual(['independent', 9900, 'Professional']);
    expect(prices).toContainEqual(['dealership', 29900, 'Enterprise']);
    expect(content.plans.adaptiveMastery.price_monthly_cents).toBe(1999);
  });

  describe.runIf(full).each(CATEGORY_CODES)('%s bank and guide', (code) => {
    const category = content.categories.find((c) => c.code === code)!;
    const items = content.questions.filter((q) => q.category === code);
    it(`has at least ${BANK_RULES.minQuestions} questions meeting every balance rule`, () => {
      expect(checkCategoryBank(category, items)).toEqual([]);
    });
    it('mixes the formats as ASE does: two-technician 15–22%, negative at least 8%, each tagged as it reads', () => {
      expect(checkFormats(code, items)).toEqual([]);
      const pool = content.masterChallenge.filter((q) => q.category === code);
      expect(pool.flatMap(formatProblems)).toEqual([]);
    });
    it('spreads the keys: each two-technician answer 15–35 %, a middle number at most 60 % of numeric items', () => {
      expect(checkAnswerSpread(code, items)).toEqual([]);
      const pool = content.masterChallenge.filter((q) => q.category === code);
      expect(pool.flatMap(twoTechnicianOptionProblems)).toEqual([]);
    });
    it('holds no near-duplicate pair (one template with the numbers changed) in its bank and Master Challenge', () => {
      const pool = content.masterChallenge.filter((q) => q.category === code);
      expect(nearDuplicates([...items, ...pool]).map((d) => d.ids.join(' / '))).toEqual([]);
    });
    it('keeps items whose answer can be picked from wording alone under 5%', () => {
      const { flags, problems } = checkCategoryCues(code, items);
      expect(problems, flags.map((f) => `${f.id} ${f.rule}: ${f.reason}`).join('\n')).toEqual([]);
    });
    it('has a study guide of at least 5 chapters × 3 sections covering every area, ending in a Diagnostic Strategy chapter', () => {
      const guide = content.guides.find((g) => g.code === code);
      expect(guide, `content/study-guides/${code.toLowerCase()}.md`).toBeDefined();
      expect(checkStudyGuide(category, guide!.chapters)).toEqual([]);
    });
    it(`has at least ${BANK_RULES.minMasterChallengePerCategory} hard Master Challenge items`, () => {
      const pool = content.masterChallenge.filter((q) => q.category === code);
      expect(checkMasterChallenge(code, pool)).toEqual([]);
      expect(pool.every((q) => q.difficulty === 'hard')).toBe(true);
    });
  });

  it.runIf(full)('states the practice bank size the homepage claims (only computed numbers)', () => {
    expect(content.questions.length).toBe(PRACTICE_QUESTION_COUNT);
  });

  it.runIf(full)(`has at least ${BANK_RULES.minMasterChallengeTotal} Master Challenge items in all`, () => {
    expect(content.masterChallenge.length).toBeGreaterThanOrEqual(BANK_RULES.minMasterChallengeTotal);
  });

  it.runIf(full)('keeps every id and stem unique across the whole bank, free test and Master Challenge', () => {
    expect(checkItems([...content.questions, ...content.freeTest, ...content.masterChallenge])).toEqual([]);
  });

  it('keeps content JSON free of stray keys (strict schemas load every file)', () => {
    const raw = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../content/free-test.json'), 'utf8'));
    expect(Object.keys(raw[0]).sort()).toEqual(
      [
        'answer',
        'area',
        'category',
        'difficulty',
        'explanation',
        'format',
        'id',
        'options',
        'question',
        'whyWrong',
      ].sort(),
    );
  });
});
