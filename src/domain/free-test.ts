import { addDays } from './billing';

/**
 * docs/PRODUCT.md#tests: the free test a visitor took before signing up may be saved into the new account
 * only in its first days. The signed-out free test reveals each key after the answer, so its score proves
 * nothing; saving it is a welcome for a new account, not a way for an old one to add a perfect A1 test.
 */
export const FREE_TEST_IMPORT_DAYS = 7;

/**
 * Whether an account created at `accountCreatedAt` may still save the free test at `now`: for
 * FREE_TEST_IMPORT_DAYS × 24 hours after its creation, not a moment longer (elapsed time, the same in every
 * time zone).
 */
export function freeTestImportOpen(accountCreatedAt: Date, now: Date): boolean {
  return now.getTime() < addDays(accountCreatedAt, FREE_TEST_IMPORT_DAYS).getTime();
}
