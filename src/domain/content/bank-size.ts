/**
 * The practice bank's size, as the homepage states it (a claim only when it is true and computed).
 * The homepage is static HTML rendered without the 2.4 MB bank, so the number is kept here, and
 * tests/content/content.test.ts fails the moment it differs from the questions in content/questions.
 */
export const PRACTICE_QUESTION_COUNT = 2530;
