import { describe, expect, it } from 'vitest';
import { badgeCount, dateOfWeekday, relativeAge, safeAppPath } from './format';

describe('badgeCount', () => {
  it('shows nothing at 0, the count up to 99, then 99+', () => {
    expect(badgeCount(0)).toBeNull();
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
});

describe('relativeAge', () => {
  const now = new Date('2026-12-02T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says now under a minute, and for a clock ahead of the server', () => {
    expect(relativeAge(ago(59), now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeAge(ago(-30), now)).toEqual({ value: 0, unit: 'second' });
  });

  it('uses the largest whole unit at each boundary', () => {
    expect(relativeAge(ago(60), now)).toEqual({ value: -1, unit: 'minute' });
    expect(relativeAge(ago(3_599), now)).toEqual({ value: -59, unit: 'minute' });
    expect(relativeAge(ago(3_600), now)).toEqual({ value: -1, unit: 'hour' });
    expect(relativeAge(ago(86_399), now)).toEqual({ value: -23, unit: 'hour' });
    expect(relativeAge(ago(86_400), now)).toEqual({ value: -1, unit: 'day' });
    expect(relativeAge(ago(7 * 86_400 - 1), now)).toEqual({ value: -6, unit: 'day' });
    expect(relativeAge(ago(7 * 86_400), now)).toEqual({ value: -1, unit: 'week' });
    expect(relativeAge(ago(28 * 86_400 - 1), now)).toEqual({ value: -3, unit: 'week' });
  });

  it('gives way to the date from four weeks on', () => {
    expect(relativeAge(ago(28 * 86_400), now)).toBeNull();
  });
});

describe('dateOfWeekday', () => {
  it('falls on the asked day, Sunday 0 to Saturday 6', () => {
    for (let day = 0; day <= 6; day++) expect(dateOfWeekday(day).getUTCDay()).toBe(day);
  });
});

describe('safeAppPath', () => {
  it('follows app paths only', () => {
    expect(safeAppPath('/app/tests/1?x=1', '/app')).toBe('/app/tests/1?x=1');
    expect(safeAppPath('/manager', '/app')).toBe('/manager');
    expect(safeAppPath('//evil.example/x', '/app')).toBe('/app');
    expect(safeAppPath('/\\evil.example', '/app')).toBe('/app');
    expect(safeAppPath('https://evil.example', '/manager')).toBe('/manager');
    expect(safeAppPath('javascript:alert(1)', '/app')).toBe('/app');
    expect(safeAppPath('', '/app')).toBe('/app');
  });
});
