import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { REPORT_REASONS } from '../../domain/constants';
import type { Exhibit } from '../../domain/content/exhibit';
import { type ItemTranslation, QUESTION_FORMATS } from '../../domain/content/schemas';
import { NOTIFICATION_KINDS } from '../../domain/contracts/notifications';
import { SESSION_ORIGINS } from '../../domain/contracts/session-origin';
import { LOCALES } from '../../domain/locale';
import { LEADERBOARD_NAME_CHOICES } from '../../domain/master-challenge';
import type { AreaTallies } from '../../domain/readiness';

// Generic in the name, so a column's database name is part of its type (JSON rows are typed by it, ADR 0048).
const tz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });
const createdAt = () => tz('created_at').notNull().defaultNow();
const updatedAt = () =>
  tz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

// ---------------------------------------------------------------- better-auth

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: tz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tz('access_token_expires_at'),
    refreshTokenExpiresAt: tz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

// ---------------------------------------------------------------- people and shops

export const EXPERIENCE_VALUES = [
  'less_than_1',
  '1_to_2',
  '3_to_5',
  '6_to_10',
  '11_to_15',
  '16_to_20',
  'more_than_20',
] as const;

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ['tech', 'manager'] }),
    shopId: uuid('shop_id').references((): AnyPgColumn => shops.id, { onDelete: 'set null' }),
    experienceLevel: text('experience_level', { enum: EXPERIENCE_VALUES }),
    /** The years-of-experience answer given at sign-up (ADR 0002). */
    yearsOfExperience: text('years_of_experience', { enum: EXPERIENCE_VALUES }),
    /** A manager's shop code from sign-up: the code their shop will get (ADR 0002). */
    reservedShopCode: varchar('reserved_shop_code', { length: 10 }).unique(),
    /** The user's language on every device (ADR 0009). */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    /** IANA time zone reported by the user's browser, for day boundaries (streaks, due dates). */
    timeZone: text('time_zone'),
    /**
     * Self-started category tests reveal each answer as it is chosen; never exams or assigned tests. On for
     * accounts made from migration 0017 on (ADR 0046); older accounts keep what they had.
     */
    instantFeedback: boolean('instant_feedback').notNull().default(true),
    /** How the technician appears on the global leaderboard: "Luis R.", the full name, or not at all. */
    leaderboardName: text('leaderboard_name', { enum: LEADERBOARD_NAME_CHOICES }).notNull().default('short'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_role_check', inList('role', ['tech', 'manager'])),
    check('profiles_experience_check', inList('experience_level', EXPERIENCE_VALUES)),
    check('profiles_years_check', inList('years_of_experience', EXPERIENCE_VALUES)),
    check('profiles_full_name_check', sql`length(trim(full_name)) > 0`),
    check('profiles_locale_check', inList('locale', LOCALES)),
    check('profiles_leaderboard_name_check', inList('leaderboard_name', LEADERBOARD_NAME_CHOICES)),
    index('profiles_shop_role_idx').on(t.shopId, t.role),
    // The leaderboard reads past the few who opted out; this counts them without reading every profile.
    index('profiles_leaderboard_hidden_idx').on(t.id).where(sql`leaderboard_name = 'hidden'`),
  ],
);

export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type', { enum: ['independent', 'dealership'] }).notNull(),
    shopCode: varchar('shop_code', { length: 10 }).notNull().unique(),
    managerId: text('manager_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'restrict' }),
    subscriptionId: uuid('subscription_id').references((): AnyPgColumn => subscriptions.id, { onDelete: 'set null' }),
    trialEndsAt: tz('trial_ends_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shops_type_check', inList('type', ['independent', 'dealership'])),
    check('shops_code_check', sql`shop_code ~ '^SHOP[A-Z0-9]{6}$'`),
    check('shops_name_check', sql`length(trim(name)) > 0`),
    index('shops_manager_idx').on(t.managerId),
    index('shops_subscription_idx').on(t.subscriptionId).where(sql`subscription_id is not null`),
  ],
);

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    priceMonthlyCents: integer('price_monthly_cents').notNull(),
    maxTechnicians: integer('max_technicians').notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    shopType: text('shop_type', { enum: ['independent', 'dealership', 'both'] }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check('plans_price_check', sql`price_monthly_cents >= 0`),
    check('plans_max_tech_check', sql`max_technicians >= 0`),
    check('plans_shop_type_check', inList('shop_type', ['independent', 'dealership', 'both'])),
    index('plans_type_active_price_idx').on(t.shopType, t.active, t.priceMonthlyCents),
  ],
);

export const SUBSCRIPTION_STATUS_VALUES = ['trial', 'active', 'past_due', 'cancelled'] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    status: text('status', { enum: SUBSCRIPTION_STATUS_VALUES }).notNull(),
    trialEnd: tz('trial_end'),
    currentPeriodStart: tz('current_period_start'),
    currentPeriodEnd: tz('current_period_end'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    /** Set when the plan runs on Stripe Billing (ADR 0033): Stripe renews it and its webhook sets the status. */
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    cardBrand: text('card_brand'),
    cardLast4: varchar('card_last4', { length: 4 }),
    cancelledAt: tz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscriptions_status_check', inList('status', SUBSCRIPTION_STATUS_VALUES)),
    check('subscriptions_last4_check', sql`card_last4 is null or card_last4 ~ '^[0-9]{4}$'`),
    index('subscriptions_shop_idx').on(t.shopId),
    index('subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

export const techSubscriptions = pgTable(
  'tech_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    techId: text('tech_id')
      .notNull()
      .unique()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['trial', 'active', 'past_due', 'cancelled', 'incomplete'] }).notNull(),
    provider: text('provider', { enum: ['mock', 'stripe'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    currentPeriodEnd: tz('current_period_end'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check(
      'tech_subscriptions_status_check',
      inList('status', ['trial', 'active', 'past_due', 'cancelled', 'incomplete']),
    ),
    check('tech_subscriptions_provider_check', inList('provider', ['mock', 'stripe'])),
  ],
);

export const stripeCustomers = pgTable('stripe_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
});

export const stripeSubscriptions = pgTable(
  'stripe_subscriptions',
  {
    subscriptionId: text('subscription_id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => stripeCustomers.customerId, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    priceId: text('price_id'),
    currentPeriodStart: bigint('current_period_start', { mode: 'number' }),
    currentPeriodEnd: bigint('current_period_end', { mode: 'number' }),
    paymentMethodBrand: text('payment_method_brand'),
    paymentMethodLast4: varchar('payment_method_last4', { length: 4 }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [index('stripe_subscriptions_customer_idx').on(t.customerId)],
);

export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: tz('received_at').notNull().defaultNow(),
});

/**
 * The newest customer.subscription.* event applied to each Stripe subscription, personal or shop plan. Stripe
 * does not deliver a subscription's events in order: one created before this one is an older snapshot and is
 * skipped (ADR 0007).
 */
export const stripeSubscriptionLatestEvents = pgTable('stripe_subscription_latest_events', {
  subscriptionId: text('subscription_id').primaryKey(),
  /** The event's `created`, unix seconds. */
  eventCreated: bigint('event_created', { mode: 'number' }).notNull(),
  /** Stripe's status in that event (canceled and incomplete_expired are final). */
  status: text('status').notNull(),
  eventId: text('event_id').notNull(),
});

// ---------------------------------------------------------------- content

export const aseCategories = pgTable(
  'ase_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 2 }).notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The content areas with their keywords, which also say which study-guide chapters cover them. */
    contentAreas: jsonb('content_areas')
      .$type<{ name: string; share: number; keywords?: string[] }[]>()
      .notNull()
      .default([]),
    /** The real ASE test's scored questions and minutes, for the ASE simulation (ADR 0021); null before seeding. */
    simulation: jsonb('simulation').$type<{ scoredQuestions: number; minutes: number }>(),
  },
  () => [check('categories_code_check', sql`code ~ '^A[1-8]$'`)],
);

const LETTERS = ['A', 'B', 'C', 'D'] as const;
const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

export const questions = pgTable(
  'questions',
  {
    /** Stable content id (a1-0042, free-3): history survives content edits. */
    id: text('id').primaryKey(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => aseCategories.id),
    pool: text('pool', { enum: ['practice', 'free_test'] }).notNull(),
    position: integer('position').notNull().default(0),
    contentArea: text('content_area').notNull(),
    difficulty: text('difficulty', { enum: DIFFICULTIES }).notNull(),
    /** How the item asks: the ASE simulation keeps the bank's mix of formats. */
    format: text('format', { enum: QUESTION_FORMATS }).notNull().default('direct'),
    questionText: text('question_text').notNull(),
    /** The figure or data table the question is about, English; the Spanish is in `es.exhibit`. */
    exhibit: jsonb('exhibit').$type<Exhibit>(),
    optionA: text('option_a').notNull(),
    optionB: text('option_b').notNull(),
    optionC: text('option_c').notNull(),
    optionD: text('option_d').notNull(),
    correctAnswer: varchar('correct_answer', { length: 1, enum: LETTERS }).notNull(),
    explanation: text('explanation').notNull(),
    whyWrong: jsonb('why_wrong').$type<Partial<Record<'A' | 'B' | 'C' | 'D', string>>>().notNull().default({}),
    /** The Spanish text, where the item is translated (ADR 0024). */
    es: jsonb('es').$type<ItemTranslation>(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('questions_answer_check', inList('correct_answer', LETTERS)),
    check('questions_difficulty_check', inList('difficulty', DIFFICULTIES)),
    check('questions_pool_check', inList('pool', ['practice', 'free_test'])),
    check('questions_format_check', inList('format', QUESTION_FORMATS)),
    index('questions_category_pool_idx').on(t.categoryId, t.pool, t.active),
  ],
);

export const questionDifficultyStats = pgTable(
  'question_difficulty_stats',
  {
    questionId: text('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** 0 (everyone answers right) to 1 (nobody does). */
    difficulty: real('difficulty').notNull(),
    timesAnswered: integer('times_answered').notNull().default(0),
    timesCorrect: integer('times_correct').notNull().default(0),
    /**
     * Item statistics (ADR 0020), added up by the same job from the answers it counts since they
     * existed: answers counted here, the sums of their sessions' scores (all, squared, and of the right
     * answers) for the point-biserial, and how often each option was picked.
     */
    scoredAnswers: integer('scored_answers').notNull().default(0),
    scoreSum: doublePrecision('score_sum').notNull().default(0),
    scoreSquareSum: doublePrecision('score_square_sum').notNull().default(0),
    correctScoreSum: doublePrecision('correct_score_sum').notNull().default(0),
    picksA: integer('picks_a').notNull().default(0),
    picksB: integer('picks_b').notNull().default(0),
    picksC: integer('picks_c').notNull().default(0),
    picksD: integer('picks_d').notNull().default(0),
    updatedAt: updatedAt(),
  },
  () => [
    check('difficulty_range_check', sql`difficulty >= 0 and difficulty <= 1`),
    check('difficulty_counts_check', sql`times_correct >= 0 and times_correct <= times_answered`),
  ],
);

export const studyChapters = pgTable(
  'study_chapters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => aseCategories.id, { onDelete: 'cascade' }),
    chapterNumber: integer('chapter_number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The Spanish title and description, where translated (ADR 0024). */
    es: jsonb('es').$type<{ title: string; description: string }>(),
  },
  (t) => [
    uniqueIndex('study_chapters_category_number_uq').on(t.categoryId, t.chapterNumber),
    check('study_chapters_number_check', sql`chapter_number >= 1`),
  ],
);

export const studySections = pgTable(
  'study_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => studyChapters.id, { onDelete: 'cascade' }),
    sectionNumber: integer('section_number').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** The Spanish title and text, where translated (ADR 0024). */
    es: jsonb('es').$type<{ title: string; content: string }>(),
  },
  (t) => [
    uniqueIndex('study_sections_chapter_number_uq').on(t.chapterId, t.sectionNumber),
    check('study_sections_number_check', sql`section_number >= 1`),
  ],
);

export const achievements = pgTable(
  'achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    icon: text('icon').notNull(),
    points: integer('points').notNull(),
    category: text('category', { enum: ['milestone', 'mastery', 'streak', 'special'] }).notNull(),
    requirementValue: integer('requirement_value').notNull(),
  },
  (t) => [
    check('achievements_category_check', inList('category', ['milestone', 'mastery', 'streak', 'special'])),
    check('achievements_points_check', sql`points >= 0`),
    index('achievements_points_idx').on(t.points),
  ],
);

/**
 * The fingerprint of the content files the database was last seeded from (one row): the start-up seed is
 * skipped while it matches (`seedContentIfChanged`). Written in the seed's own transaction, so a seed that
 * fails leaves the old fingerprint and the next start seeds again.
 */
export const contentSeed = pgTable(
  'content_seed',
  {
    id: smallint('id').primaryKey().default(1),
    fingerprint: text('fingerprint').notNull(),
    seededAt: tz('seeded_at').notNull().defaultNow(),
  },
  () => [check('content_seed_one_row_check', sql`id = 1`)],
);

// ---------------------------------------------------------------- practice

export const testSessions = pgTable(
  'test_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    techId: text('tech_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** Null for the full comprehensive exam, which mixes all categories. */
    categoryId: uuid('category_id').references(() => aseCategories.id),
    kind: text('kind', { enum: ['category', 'exam'] }).notNull(),
    totalQuestions: integer('total_questions').notNull(),
    correctAnswers: integer('correct_answers').notNull().default(0),
    score: integer('score'),
    startedAt: tz('started_at').notNull().defaultNow(),
    /** Exams only: the server's deadline (started_at + duration). */
    deadlineAt: tz('deadline_at'),
    completedAt: tz('completed_at'),
    /** Set by the submit, cleared once the difficulty-stats job has counted the session's answers (ADR 0014). */
    statsPending: boolean('stats_pending').notNull().default(false),
    /**
     * Why it exists: started by the technician, from an assignment, the questions missed in an earlier
     * test, a chapter quiz, the first-visit warm-up, or the free test taken before signing up.
     */
    origin: text('origin', { enum: SESSION_ORIGINS }).notNull().default('practice'),
    /** A chapter quiz's chapter number. */
    chapterNumber: integer('chapter_number'),
    /** The test whose missed questions a 'missed' session practises. */
    sourceSessionId: uuid('source_session_id').references((): AnyPgColumn => testSessions.id, {
      onDelete: 'set null',
    }),
    /** Fixed at start: each answer locks and shows its explanation as it is chosen. */
    instantFeedback: boolean('instant_feedback').notNull().default(false),
  },
  (t) => [
    check('test_sessions_kind_check', inList('kind', ['category', 'exam'])),
    check('test_sessions_origin_check', inList('origin', SESSION_ORIGINS)),
    check('test_sessions_chapter_check', sql`(origin = 'chapter') = (chapter_number is not null)`),
    check('test_sessions_instant_check', sql`not instant_feedback or (kind = 'category' and origin <> 'assignment')`),
    check('test_sessions_total_check', sql`total_questions between 1 and 60`),
    check('test_sessions_correct_check', sql`correct_answers between 0 and total_questions`),
    check('test_sessions_score_check', sql`score is null or score between 0 and 100`),
    index('test_sessions_tech_started_idx').on(t.techId, t.startedAt),
    // A start looks for the technician's open session of the kind to resume (ADR 0010); the dashboard lists them.
    index('test_sessions_open_idx').on(t.techId, t.kind).where(sql`completed_at is null`),
    // Score and category in the key (drizzle has no INCLUDE) so Shop Analytics reads a shop's technicians'
    // tests from the index alone, without a heap page per test.
    index('test_sessions_tech_completed_idx')
      .on(t.techId, t.completedAt, t.score, t.categoryId)
      .where(sql`completed_at is not null`),
    index('test_sessions_stats_pending_idx').on(t.completedAt).where(sql`stats_pending`),
    // Foreign keys between growing tables lead an index, so a deleted row's references are found without a
    // scan (src/server/db/foreign-key-indexes.int.test.ts). Partial where most rows have none.
    index('test_sessions_source_idx').on(t.sourceSessionId).where(sql`source_session_id is not null`),
  ],
);

/**
 * Running totals of each technician's completed tests, kept by the submit (one more step of its
 * transaction), so the manager dashboard reads one row per technician instead of their history (ADR 0016).
 */
export const techTestTotals = pgTable(
  'tech_test_totals',
  {
    techId: text('tech_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    testsCompleted: integer('tests_completed').notNull().default(0),
    testsPassed: integer('tests_passed').notNull().default(0),
    scoreSum: integer('score_sum').notNull().default(0),
    lastCompletedAt: tz('last_completed_at'),
    /** A1–A8 (index 1–8): the best of each category's latest scores, copied from tech_category_scores. */
    categoryBest: smallint('category_best').array().notNull().default(sql`array_fill(null::smallint, array[8])`),
  },
  () => [
    check('tech_test_totals_counts_check', sql`tests_passed >= 0 and tests_passed <= tests_completed`),
    check('tech_test_totals_best_check', sql`cardinality(category_best) = 8`),
    check('tech_test_totals_sum_check', sql`score_sum >= 0 and score_sum <= 100 * tests_completed`),
  ],
);

/** Each technician's latest scores per category, newest first (ADR 0016: the progress heat row). */
export const techCategoryScores = pgTable(
  'tech_category_scores',
  {
    techId: text('tech_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => aseCategories.id),
    recentScores: smallint('recent_scores').array().notNull(),
    /** The best of `recent_scores`, kept with it so the dashboard reads a number, not an array. */
    bestRecent: smallint('best_recent').notNull(),
    lastCompletedAt: tz('last_completed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.techId, t.categoryId] }),
    check('tech_category_scores_length_check', sql`cardinality(recent_scores) between 1 and 5`),
    check('tech_category_scores_best_check', sql`best_recent between 0 and 100`),
  ],
);

/** One row per question slot of a session; the answer fills in as the technician chooses. */
export const testAnswers = pgTable(
  'test_answers',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => testSessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id),
    selectedAnswer: varchar('selected_answer', { length: 1, enum: LETTERS }),
    isCorrect: boolean('is_correct'),
    flagged: boolean('flagged').notNull().default(false),
    answeredAt: tz('answered_at'),
    /** False for an ASE simulation's unscored (research) items: answered like the others, left out of the score. */
    scored: boolean('scored').notNull().default(true),
    /**
     * Set by the submit: true only for the technician's first answer to the question (ADR 0014), the one
     * the shared difficulty statistics count. Null on rows submitted before it existed, which count.
     */
    countsForStats: boolean('counts_for_stats'),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.position] }),
    check('test_answers_letter_check', sql`selected_answer is null or selected_answer in ('A', 'B', 'C', 'D')`),
    check('test_answers_position_check', sql`position >= 0`),
    index('test_answers_question_idx').on(t.questionId),
  ],
);

export const ASSIGNMENT_STATUSES = ['pending', 'in_progress', 'completed', 'overdue'] as const;

export const testAssignments = pgTable(
  'test_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    managerId: text('manager_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    techId: text('tech_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => aseCategories.id),
    testSessionId: uuid('test_session_id').references(() => testSessions.id, { onDelete: 'set null' }),
    dueDate: tz('due_date').notNull(),
    notes: text('notes'),
    status: text('status', { enum: ASSIGNMENT_STATUSES }).notNull().default('pending'),
    assignedAt: tz('assigned_at').notNull().defaultNow(),
    completedAt: tz('completed_at'),
    /** Attempts submitted, passed or not, and the latest one's score (null before the first). */
    attempts: integer('attempts').notNull().default(0),
    lastScore: integer('last_score'),
  },
  (t) => [
    check('test_assignments_status_check', inList('status', ASSIGNMENT_STATUSES)),
    index('test_assignments_tech_due_idx').on(t.techId, t.dueDate),
    index('test_assignments_shop_idx').on(t.shopId, t.assignedAt),
    // The manager's Test Assignments, a page at a time (keyset): open ones by due date, then completed
    // ones newest first, each page read in index order from where the last one stopped (no sort of history).
    index('test_assignments_shop_open_idx').on(t.shopId, t.dueDate, t.id).where(sql`status <> 'completed'`),
    index('test_assignments_shop_completed_idx').on(t.shopId, t.completedAt, t.id).where(sql`status = 'completed'`),
    // The dashboard, a start, a test's page and the submit find a session's assignment (no scan).
    index('test_assignments_session_idx').on(t.testSessionId).where(sql`test_session_id is not null`),
    index('test_assignments_manager_idx').on(t.managerId),
  ],
);

export const userCategoryMastery = pgTable(
  'user_category_mastery',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => aseCategories.id),
    masteryScore: real('mastery_score').notNull().default(0),
    questionsAttempted: integer('questions_attempted').notNull().default(0),
    correctAnswers: integer('correct_answers').notNull().default(0),
    recentPerformance: real('recent_performance').notNull().default(0),
    /** Questions of the category answered right 3 times (docs/PRODUCT.md#tests), counted by the submit as they cross. */
    questionsMastered: integer('questions_mastered').notNull().default(0),
    /**
     * Per ASE content area of the category: answers and their difficulty-weighted evidence, for the
     * dashboard's content-area breakdown and the readiness estimate (ADR 0015). Kept on this row so a
     * submit writes one row per category.
     */
    areaStats: jsonb('area_stats').$type<AreaTallies>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  // No index on mastery_score: a user has at most 8 rows, found by the key, and an index on a column
  // every submit changes would make every update a non-HOT one (ADR 0014).
  (t) => [
    primaryKey({ columns: [t.userId, t.categoryId] }),
    check('mastery_score_range_check', sql`mastery_score >= 0 and mastery_score <= 1`),
    check('mastery_recent_range_check', sql`recent_performance >= 0 and recent_performance <= 1`),
    check('mastery_counts_check', sql`correct_answers >= 0 and correct_answers <= questions_attempted`),
    check('mastery_mastered_check', sql`questions_mastered >= 0`),
  ],
);

/** Per-user, per-question counts: a question answered correctly 3 times is mastered (docs/PRODUCT.md#tests). */
export const userQuestionProgress = pgTable(
  'user_question_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    timesAnswered: integer('times_answered').notNull().default(0),
    timesCorrect: integer('times_correct').notNull().default(0),
    lastAnsweredAt: tz('last_answered_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    check('progress_counts_check', sql`times_correct >= 0 and times_correct <= times_answered`),
  ],
);

/**
 * When the server last revealed a question's answer key to a user, in any kind of session: an
 * instant-feedback answer (submitted or not), a submit's review, a review-deck answer. An assigned
 * test prefers questions whose key was not revealed lately (ADR 0032).
 */
export const questionKeysShown = pgTable(
  'question_keys_shown',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    shownAt: tz('shown_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    achievementId: uuid('achievement_id')
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    /** Null while locked: the row then keeps the progress toward it (7 of 10 tests), ADR 0017. */
    earnedAt: tz('earned_at'),
    progress: integer('progress').notNull().default(0),
  },
  (t) => [
    uniqueIndex('user_achievements_user_achievement_uq').on(t.userId, t.achievementId),
    check('user_achievements_progress_check', sql`progress >= 0`),
  ],
);

// ---------------------------------------------------------------- certifications and shop changes

export const techCertifications = pgTable(
  'tech_certifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    techId: text('tech_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => aseCategories.id),
    certificationNumber: text('certification_number'),
    obtainedDate: date('obtained_date', { mode: 'string' }).notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    documentUrl: text('document_url'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * A deleted certification is kept, hidden from every list but the manager's deleted ones, so its
     * history (and the number and document a manager verified) stays readable (ADR 0037).
     */
    deletedAt: tz('deleted_at'),
    deletedBy: text('deleted_by').references(() => authUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('tech_certifications_one_active_uq')
      .on(t.techId, t.categoryId)
      .where(sql`is_active and deleted_at is null`),
    check('tech_certifications_dates_check', sql`expiration_date > obtained_date`),
    index('tech_certifications_tech_expiry_idx').on(t.techId, t.expirationDate),
    index('tech_certifications_deleted_by_idx').on(t.deletedBy).where(sql`deleted_by is not null`),
  ],
);

export const certificationAuditLog = pgTable(
  'certification_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept after the certification is deleted so the trail survives. */
    certificationId: uuid('certification_id'),
    techId: text('tech_id').references(() => authUsers.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['created', 'updated', 'activated', 'deactivated', 'deleted'] }).notNull(),
    actorId: text('actor_id').references(() => authUsers.id, { onDelete: 'set null' }),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'certification_audit_action_check',
      inList('action', ['created', 'updated', 'activated', 'deactivated', 'deleted']),
    ),
    index('certification_audit_cert_idx').on(t.certificationId, t.createdAt),
    index('certification_audit_tech_idx').on(t.techId),
    index('certification_audit_actor_idx').on(t.actorId).where(sql`actor_id is not null`),
  ],
);

export const SHOP_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const shopChangeRequests = pgTable(
  'shop_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    techId: text('tech_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    newShopId: uuid('new_shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    requestedShopCode: varchar('requested_shop_code', { length: 20 }).notNull(),
    notes: text('notes'),
    status: text('status', { enum: SHOP_REQUEST_STATUSES }).notNull().default('pending'),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    reviewedAt: tz('reviewed_at'),
    reviewedBy: text('reviewed_by').references(() => authUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('shop_change_requests_status_check', inList('status', SHOP_REQUEST_STATUSES)),
    uniqueIndex('shop_change_requests_one_pending_uq').on(t.techId).where(sql`status = 'pending'`),
    index('shop_change_requests_shop_status_idx').on(t.newShopId, t.status),
    index('shop_change_requests_reviewer_idx').on(t.reviewedBy).where(sql`reviewed_by is not null`),
  ],
);

// ---------------------------------------------------------------- Master Challenge

export const masterChallengeQuestions = pgTable(
  'master_challenge_questions',
  {
    id: text('id').primaryKey(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => aseCategories.id),
    questionNumber: integer('question_number').notNull().unique(),
    format: text('format', { enum: QUESTION_FORMATS }).notNull().default('direct'),
    questionText: text('question_text').notNull(),
    exhibit: jsonb('exhibit').$type<Exhibit>(),
    optionA: text('option_a').notNull(),
    optionB: text('option_b').notNull(),
    optionC: text('option_c').notNull(),
    optionD: text('option_d').notNull(),
    correctAnswer: varchar('correct_answer', { length: 1, enum: LETTERS }).notNull(),
    explanation: text('explanation').notNull(),
    whyWrong: jsonb('why_wrong').$type<Partial<Record<'A' | 'B' | 'C' | 'D', string>>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    /** The Spanish words (ADR 0024); null where the item is not translated. */
    es: jsonb('es').$type<ItemTranslation>(),
  },
  (t) => [
    check('mc_questions_answer_check', inList('correct_answer', LETTERS)),
    check('mc_questions_format_check', inList('format', QUESTION_FORMATS)),
    index('mc_questions_category_idx').on(t.categoryId, t.active),
  ],
);

export const masterChallengeAttempts = pgTable(
  'master_challenge_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    techId: text('tech_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    startedAt: tz('started_at').notNull().defaultNow(),
    completedAt: tz('completed_at'),
    completionTimeSeconds: integer('completion_time_seconds'),
    tabSwitches: integer('tab_switches').notNull().default(0),
    focusLosses: integer('focus_losses').notNull().default(0),
    /** Times the window's outer and inner sizes differed by more than 160 px (docs/PRODUCT.md#master-challenge). */
    windowSizeFlags: integer('window_size_flags').notNull().default(0),
    /** What made the attempt suspicious, as the server saw it: [{ kind, order?, count?, at }] (ADR 0018). */
    suspiciousActivity: jsonb('suspicious_activity').$type<unknown[]>().notNull().default([]),
    userAgent: text('user_agent'),
    score: real('score'),
    correctAnswers: integer('correct_answers').notNull().default(0),
    isValid: boolean('is_valid').notNull().default(true),
  },
  (t) => [
    check('mc_attempts_score_check', sql`score is null or (score >= 0 and score <= 100)`),
    check('mc_attempts_correct_check', sql`correct_answers between 0 and 30`),
    check('mc_attempts_counts_check', sql`tab_switches >= 0 and focus_losses >= 0 and window_size_flags >= 0`),
    index('mc_attempts_tech_started_idx').on(t.techId, t.startedAt),
    // One open attempt per technician: two starts at once make one attempt (the other resumes it).
    uniqueIndex('mc_attempts_one_open_uq').on(t.techId).where(sql`completed_at is null`),
  ],
);

export const masterChallengeAnswers = pgTable(
  'master_challenge_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => masterChallengeAttempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => masterChallengeQuestions.id),
    questionOrder: integer('question_order').notNull(),
    userAnswer: varchar('user_answer', { length: 1, enum: LETTERS }),
    isCorrect: boolean('is_correct'),
    timeTakenSeconds: real('time_taken_seconds'),
    presentedAt: tz('presented_at'),
    answeredAt: tz('answered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionOrder] }),
    check('mc_answers_letter_check', sql`user_answer is null or user_answer in ('A', 'B', 'C', 'D')`),
    check('mc_answers_order_check', sql`question_order between 0 and 29`),
    check('mc_answers_time_check', sql`time_taken_seconds is null or time_taken_seconds >= 0`),
  ],
);

/**
 * Each technician's best valid attempt (score, then the faster time, then the earlier finish), kept by the
 * attempt's completion in the same transaction: the leaderboard reads 30 rows of an index (ADR 0018).
 */
export const masterChallengeBest = pgTable(
  'master_challenge_best',
  {
    techId: text('tech_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => masterChallengeAttempts.id, { onDelete: 'cascade' }),
    correctAnswers: integer('correct_answers').notNull(),
    score: real('score').notNull(),
    completionTimeSeconds: integer('completion_time_seconds').notNull(),
    completedAt: tz('completed_at').notNull(),
  },
  (t) => [
    check('mc_best_correct_check', sql`correct_answers between 0 and 30`),
    index('mc_best_rank_idx').on(t.correctAnswers.desc(), t.completionTimeSeconds, t.completedAt, t.techId),
    index('mc_best_attempt_idx').on(t.attemptId),
  ],
);

/**
 * How many technicians have their best at each correct count (0–30), kept with `master_challenge_best`:
 * a rank is those with more correct answers (here, at most 31 rows), plus those with as many and a faster
 * time (`master_challenge_time_counts`), plus the few with the same score and time who finished earlier,
 * so it never counts the whole board (ADR 0018). Recounted at start-up (`recountCompetitors`), which also
 * repairs counts that best rows deleted by cascade left behind.
 */
export const masterChallengeScoreCounts = pgTable(
  'master_challenge_score_counts',
  {
    correctAnswers: integer('correct_answers').primaryKey(),
    competitors: integer('competitors').notNull().default(0),
  },
  () => [check('mc_score_counts_check', sql`competitors >= 0 and correct_answers between 0 and 30`)],
);

/** The same counts by correct count and completion time (seconds): the rank within one score. */
export const masterChallengeTimeCounts = pgTable(
  'master_challenge_time_counts',
  {
    correctAnswers: integer('correct_answers').notNull(),
    completionTimeSeconds: integer('completion_time_seconds').notNull(),
    competitors: integer('competitors').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.correctAnswers, t.completionTimeSeconds] }),
    check('mc_time_counts_check', sql`competitors >= 0`),
  ],
);

// ---------------------------------------------------------------- review and question quality

/**
 * A technician's review deck: one FSRS card per missed question (ADR 0020). Rows are added by the
 * submit (a question answered wrong) and rescheduled by review answers; written by the server only.
 * The columns are ts-fsrs's Card.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    due: tz('due').notNull(),
    stability: real('stability').notNull().default(0),
    difficulty: real('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull().default(0),
    lastReview: tz('last_review'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    check('review_cards_state_check', sql`state between 0 and 3`),
    index('review_cards_user_due_idx').on(t.userId, t.due),
  ],
);

/** A technician's report on a question, once per question; an editor resolves it with a note. */
export const questionReports = pgTable(
  'question_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
    resolvedAt: tz('resolved_at'),
    resolvedBy: text('resolved_by').references(() => authUsers.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    uniqueIndex('question_reports_user_question_idx').on(t.userId, t.questionId),
    index('question_reports_question_idx').on(t.questionId),
    index('question_reports_resolver_idx').on(t.resolvedBy).where(sql`resolved_by is not null`),
    check('question_reports_reason_check', inList('reason', REPORT_REASONS)),
  ],
);

/** Content editors (ADR 0020): granted by `npm run user:editor -- email` only, never by any route. */
export const questionEditors = pgTable('question_editors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- notifications (ADR 0042)

export const EMAIL_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;
export const COMPLETION_EMAIL_MODES = ['each', 'daily'] as const;

/**
 * Each message to one person: the in-app entry and its e-mail's outbox row in one. Written by `notify()` in
 * the transaction of the event that causes it; the sender job delivers `pending` ones (ADR 0042).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** What the template needs (names, dates as ISO strings, scores); rendered in the reader's language. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** An app path (`/app/...`), made absolute with BASE_URL in e-mails. */
    link: text('link').notNull(),
    /** Set by scheduled messages (item and threshold): the same one is never made twice. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: tz('read_at'),
    emailStatus: text('email_status', { enum: EMAIL_STATUSES }).notNull(),
    emailAttempts: integer('email_attempts').notNull().default(0),
    /** When a pending e-mail may next be tried: its first try, a retry's backoff, or a claim's lease end. */
    nextAttemptAt: tz('next_attempt_at'),
    lastError: text('last_error'),
    sentAt: tz('sent_at'),
  },
  (t) => [
    check('notifications_kind_check', inList('kind', NOTIFICATION_KINDS)),
    check('notifications_email_status_check', inList('email_status', EMAIL_STATUSES)),
    uniqueIndex('notifications_dedupe_uq').on(t.recipientId, t.kind, t.dedupeKey),
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.recipientId).where(sql`read_at is null`),
    index('notifications_pending_email_idx').on(t.nextAttemptAt).where(sql`email_status = 'pending'`),
  ],
);

/** A person's e-mail choices; no row means the quiet defaults (ADR 0042). In-app is always on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** E-mail on/off per kind, only the kinds the person changed; the rest take the defaults. */
    email: jsonb('email').$type<Record<string, boolean>>().notNull().default({}),
    /** 0 = Sunday … 6 = Saturday in the person's time zone: the weekly digest's and study nudge's day. */
    digestDay: smallint('digest_day').notNull().default(1),
    completionEmails: text('completion_emails', { enum: COMPLETION_EMAIL_MODES }).notNull().default('daily'),
    updatedAt: updatedAt(),
  },
  () => [
    check('notification_preferences_digest_day_check', sql`digest_day between 0 and 6`),
    check('notification_preferences_completion_check', inList('completion_emails', COMPLETION_EMAIL_MODES)),
  ],
);
