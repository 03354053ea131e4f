import { describe, expect, it } from 'vitest';
import { FREE_TEST_IMPORT_DAYS, freeTestImportOpen } from './free-test';

describe('free test import window', () => {
  const created = new Date('2026-03-01T10:00:00Z');
  const aged = (ms: number) => new Date(created.getTime() + ms);
  const DAY = 86_400_000;

  it('is 7 days', () => {
    expect(FREE_TEST_IMPORT_DAYS).toBe(7);
  });

  it('is open from the account’s creation until the last millisecond of its seventh day', () => {
    expect(freeTestImportOpen(created, created)).toBe(true);
    expect(freeTestImportOpen(created, aged(6 * DAY))).toBe(true);
    expect(freeTestImportOpen(created, aged(7 * DAY - 1))).toBe(true);
  });

  it('is closed from 7 × 24 hours on', () => {
    expect(freeTestImportOpen(created, aged(7 * DAY))).toBe(false);
    expect(freeTestImportOpen(created, aged(400 * DAY))).toBe(false);
  });
});
