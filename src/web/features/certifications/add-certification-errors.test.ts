import { describe, expect, it } from 'vitest';
import { EARLIEST_OBTAINED_DATE } from '../../../domain/certifications';
import { addCertificationErrors, hasAddCertificationErrors } from './add-certification-errors';

const today = '2026-12-03';

describe('the add-certification form’s messages', () => {
  it('says the combined message once when both required fields are empty', () => {
    const errors = addCertificationErrors({ categoryId: '', obtainedDate: '', today });
    expect(errors).toEqual({ both: 'messages.certifications.required' });
    expect(hasAddCertificationErrors(errors)).toBe(true);
  });

  it('puts it under the one field that is missing', () => {
    expect(addCertificationErrors({ categoryId: '', obtainedDate: '2024-05-01', today })).toEqual({
      category: 'messages.certifications.required',
      obtained: undefined,
    });
    expect(addCertificationErrors({ categoryId: 'a5', obtainedDate: '', today })).toEqual({
      category: undefined,
      obtained: 'messages.certifications.required',
    });
  });

  it('refuses a date after today or before the earliest, and accepts today and the earliest', () => {
    expect(addCertificationErrors({ categoryId: 'a5', obtainedDate: '2026-12-04', today }).obtained).toBe(
      'messages.certifications.futureDate',
    );
    expect(addCertificationErrors({ categoryId: '', obtainedDate: '2026-12-04', today })).toEqual({
      category: 'messages.certifications.required',
      obtained: 'messages.certifications.futureDate',
    });
    const dayBefore = new Date(`${EARLIEST_OBTAINED_DATE}T00:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    expect(
      addCertificationErrors({ categoryId: 'a5', obtainedDate: dayBefore.toISOString().slice(0, 10), today }).obtained,
    ).toBe('messages.certifications.tooEarly');
    for (const obtainedDate of [today, EARLIEST_OBTAINED_DATE]) {
      const errors = addCertificationErrors({ categoryId: 'a5', obtainedDate, today });
      expect(hasAddCertificationErrors(errors)).toBe(false);
    }
  });
});
