import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { encodeAssignmentCursor, parseAssignmentCursor } from './assignment-cursor';

const id = '0b9c6f0e-5a43-4e8e-9a57-1f0d2c3b4a59';

describe('assignment page cursor', () => {
  it('reads back what it wrote, to the microsecond, in either section', () => {
    for (const section of ['open', 'completed'] as const) {
      const cursor = { section, at: '2030-06-01T10:00:00.123456Z', id };
      const text = encodeAssignmentCursor(cursor);
      expect(text).toBe(`${section === 'open' ? 'open' : 'done'}_2030-06-01T10:00:00.123456Z_${id}`);
      expect(parseAssignmentCursor(text)).toEqual(cursor);
    }
  });

  it.each([
    '',
    'garbage',
    `open_2030-06-01T10:00:00.123Z_${id}`, // milliseconds only
    `late_2030-06-01T10:00:00.123456Z_${id}`,
    `open_2030-02-30T10:00:00.123456Z_${id}`,
    `open_2030-06-01T24:00:00.000000Z_${id}`,
    `open_2030-13-01T10:00:00.000000Z_${id}`,
    'open_2030-06-01T10:00:00.123456Z_not-a-uuid',
    `open_2030-06-01T10:00:00.123456Z_${id.toUpperCase()}`,
    ` open_2030-06-01T10:00:00.123456Z_${id}`,
    `open_2030-06-01T10:00:00.123456Z_${id}x`,
  ])('refuses %j with a 400 page-cursor error', (text) => {
    let thrown: unknown;
    try {
      parseAssignmentCursor(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ statusCode: 400, id: 'VALIDATION_FAILED.pageCursor' });
  });
});
