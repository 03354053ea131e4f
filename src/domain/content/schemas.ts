import { z } from 'zod';
import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_CODES, ACHIEVEMENT_ICONS, ACHIEVEMENT_RULES } from '../achievements';
import { type Exhibit, exhibitSchema, exhibitTranslationProblems } from './exhibit';
import { LETTERS, type Letter } from './letters';

export const letterSchema = z.enum(LETTERS);

export const CATEGORY_CODES = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'] as const;
export const categoryCodeSchema = z.enum(CATEGORY_CODES);

export const difficultySchema = z.enum(['easy', 'medium', 'hard']);

const text = z.string().trim().min(1);

/**
 * How an item asks, as ASE's tests do: a direct question; the most likely cause; "Technician A
 * says … Technician B says …"; a negative ("All of these … EXCEPT", "Which is LEAST likely"); or a stem the
 * answer completes.
 */
export const QUESTION_FORMATS = ['direct', 'most-likely', 'two-technician', 'negative', 'completion'] as const;
export const questionFormatSchema = z.enum(QUESTION_FORMATS);

export const contentAreaSchema = z.object({
  name: text,
  share: z.number().int().min(1).max(100),
  /** Words that a study-guide chapter or section title uses when it covers this area. */
  keywords: z.array(text).min(1),
});

export const categorySchema = z.object({
  code: categoryCodeSchema,
  name: text,
  description: text,
  areas: z.array(contentAreaSchema).min(1),
  /** The real ASE test's scored questions and testing time, for the ASE simulation (ADR 0021). */
  simulation: z.object({
    scoredQuestions: z.number().int().min(10).max(60),
    minutes: z.number().int().min(15).max(180),
  }),
});
export type CategoryContent = z.infer<typeof categorySchema>;

export const categoriesFileSchema = z
  .array(categorySchema)
  .length(8)
  .refine((cats) => cats.every((c) => c.areas.reduce((sum, a) => sum + a.share, 0) === 100), {
    message: 'Area shares of every category must add up to 100',
  });

const itemIdSchema = z.string().regex(/^(a[1-8]-\d{4}|free-[1-5]|mc-\d{4})$/, 'Unexpected id format');

/**
 * An item's Spanish text (ADR 0024): kept in `content/es/…` files beside the English ones, matched by
 * id, and attached to the item as `es` when the content is loaded. The key and the difficulty are the English
 * item's; only the words are translated.
 */
export const spanishItemSchema = z
  .object({
    id: itemIdSchema,
    question: text,
    options: z.object({ A: text, B: text, C: text, D: text }).strict(),
    explanation: text,
    whyWrong: z.partialRecord(letterSchema, text),
    /** The exhibit's title, text alternative and labels in Spanish, where the item has an exhibit. */
    exhibit: exhibitSchema.optional(),
  })
  .strict();
export type SpanishItem = z.infer<typeof spanishItemSchema>;
export const spanishItemsFileSchema = z.array(spanishItemSchema);
/** What an item carries of its translation (the id is the item's own). */
export type ItemTranslation = Omit<SpanishItem, 'id'>;

function checkOptionsAndReasons(
  item: { options: Record<Letter, string>; whyWrong: Partial<Record<Letter, string>> },
  answer: Letter,
  ctx: z.RefinementCtx,
  path: (string | number)[],
) {
  const wrong = LETTERS.filter((l) => l !== answer);
  const keys = Object.keys(item.whyWrong).sort();
  if (keys.join() !== wrong.join()) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'whyWrong'],
      message: `whyWrong must have exactly the wrong letters ${wrong.join(', ')}`,
    });
  }
  const normalised = LETTERS.map((l) => normaliseText(item.options[l]));
  if (new Set(normalised).size !== 4) {
    ctx.addIssue({ code: 'custom', path: [...path, 'options'], message: 'Options must be distinct' });
  }
}

export const questionItemSchema = z
  .object({
    id: itemIdSchema,
    category: categoryCodeSchema,
    area: text,
    difficulty: difficultySchema,
    format: questionFormatSchema,
    question: text,
    /** A figure or data table the question is about. */
    exhibit: exhibitSchema.optional(),
    options: z.object({ A: text, B: text, C: text, D: text }).strict(),
    answer: letterSchema,
    explanation: text,
    whyWrong: z.partialRecord(letterSchema, text),
    /** The Spanish text, where the item has been translated (attached from content/es/ by the loader). */
    es: spanishItemSchema.omit({ id: true }).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    checkOptionsAndReasons(q, q.answer, ctx, []);
    if (q.es) checkOptionsAndReasons(q.es, q.answer, ctx, ['es']);
    if (q.es?.exhibit && !q.exhibit)
      ctx.addIssue({ code: 'custom', path: ['es', 'exhibit'], message: 'A Spanish exhibit needs an English one' });
    if (q.exhibit && q.es) {
      for (const message of exhibitTranslationProblems(q.exhibit, q.es.exhibit as Exhibit | undefined))
        ctx.addIssue({ code: 'custom', path: ['es', 'exhibit'], message });
    }
  });
export type QuestionItem = z.infer<typeof questionItemSchema>;

export const questionFileSchema = z.array(questionItemSchema);

export const freeTestFileSchema = z
  .array(questionItemSchema)
  .length(5)
  .refine((qs) => qs.every((q, i) => q.id === `free-${i + 1}` && q.category === 'A1'), {
    message: 'The free test holds exactly free-1 … free-5, all A1, in order',
  });

export const masterChallengeFileSchema = z
  .array(questionItemSchema)
  .refine((qs) => qs.every((q) => q.difficulty === 'hard' && q.id.startsWith('mc-')), {
    message: 'Master Challenge items are all hard with ids mc-NNNN',
  });

/** The Spanish titles and descriptions of every study guide's chapters (content/es/chapters.json). */
export const spanishChaptersFileSchema = z.partialRecord(
  categoryCodeSchema,
  z.array(z.object({ number: z.number().int().min(1), title: text, description: text }).strict()),
);

export const achievementSchema = z
  .object({
    code: z.enum(ACHIEVEMENT_CODES),
    name: text,
    description: text,
    /** A lucide icon name the client maps (ACHIEVEMENT_ICONS). */
    icon: z.enum(ACHIEVEMENT_ICONS),
    points: z.number().int().min(0),
    category: z.enum(ACHIEVEMENT_CATEGORIES),
    requirement_value: z.number().int().min(0),
  })
  .strict();
export const achievementsFileSchema = z
  .array(achievementSchema)
  .refine((items) => items.map((a) => a.code).join() === ACHIEVEMENT_CODES.join(), {
    message: `The ten spec achievements, once each, in order: ${ACHIEVEMENT_CODES.join(', ')}`,
  })
  .refine((items) => items.every((a) => a.requirement_value === ACHIEVEMENT_RULES[a.code].target), {
    message: 'Each requirement_value is its rule’s threshold (docs/PRODUCT.md#achievements)',
  });

export const planSchema = z
  .object({
    code: z.string().regex(/^[a-z0-9_]+$/),
    name: text,
    price_monthly_cents: z.number().int().min(0),
    max_technicians: z.number().int().min(0),
    features: z.array(text).min(1),
    shop_type: z.enum(['independent', 'dealership', 'both']),
    active: z.boolean(),
  })
  .strict();
export const plansFileSchema = z
  .object({
    shopPlans: z.array(planSchema).min(1),
    adaptiveMastery: z
      .object({ code: z.literal('adaptive_mastery'), name: text, price_monthly_cents: z.number().int() })
      .strict(),
  })
  .strict();

export function normaliseText(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
