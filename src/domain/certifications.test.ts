import { describe, expect, it } from 'vitest';
import {
  certificationBand,
  csvCell,
  csvFile,
  csvFileName,
  daysUntil,
  expirationDate,
  isExpiring,
  masterStatus,
  timeLeft,
} from './certifications';

describe('expiry', () => {
  it('is obtained + 5 years, Feb 29 → Feb 28', () => {
    expect(expirationDate('2021-06-15')).toBe('2026-06-15');
    expect(expirationDate('2024-02-29')).toBe('2029-02-28');
    expect(expirationDate('2023-02-28')).toBe('2028-02-28');
  });
  it('counts whole days across a leap day', () => {
    expect(daysUntil('2028-03-01', '2028-02-28')).toBe(2);
    expect(daysUntil('2026-01-01', '2026-01-02')).toBe(-1);
  });
});

describe('bands', () => {
  it('splits at −1 / 0 / 90 / 91 / 180 / 181 days', () => {
    expect(certificationBand(-1)).toBe('expired');
    expect(certificationBand(0)).toBe('critical');
    expect(certificationBand(90)).toBe('critical');
    expect(certificationBand(91)).toBe('warning');
    expect(certificationBand(180)).toBe('warning');
    expect(certificationBand(181)).toBe('valid');
  });
  it("'expiring' means 0 to 180 days", () => {
    expect([-1, 0, 180, 181].map(isExpiring)).toEqual([false, true, true, false]);
  });
  it('says valid time left in months under two years, else years', () => {
    expect(timeLeft(200)).toEqual({ unit: 'months', count: 6 });
    expect(timeLeft(700)).toEqual({ unit: 'months', count: 22 });
    expect(timeLeft(1000)).toEqual({ unit: 'years', count: 2 });
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Smith, Pat')).toBe('"Smith, Pat"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(-12)).toBe('-12');
  });
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });
  it('writes the header row and CRLF lines, named by date', () => {
    expect(csvFile([['Pat', 'p@x.com', 'Brakes', 'A5', null, '2024-01-02', '2029-01-02', 400, 'Valid', 'Yes']])).toBe(
      'Technician,Email,Certification,Category,Cert Number,Obtained Date,Expiration Date,Days Until Expiration,Status,Active\r\n' +
        'Pat,p@x.com,Brakes,A5,,2024-01-02,2029-01-02,400,Valid,Yes\r\n',
    );
    expect(csvFileName('2026-11-24')).toBe('certifications-2026-11-24.csv');
  });
});

describe('Master Automobile Technician', () => {
  const all = (expirationDate: string) =>
    ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'].map((code) => ({ code, active: true, expirationDate }));
  it('needs an active, unexpired A1–A8', () => {
    expect(masterStatus(all('2029-01-01'), '2026-11-24')).toEqual({ master: true, atRisk: [] });
    const seven = all('2029-01-01').slice(0, 7);
    expect(masterStatus(seven, '2026-11-24').master).toBe(false);
    const inactive = all('2029-01-01').map((c, i) => (i === 4 ? { ...c, active: false } : c));
    expect(masterStatus(inactive, '2026-11-24').master).toBe(false);
    const expired = all('2029-01-01').map((c, i) => (i === 4 ? { ...c, expirationDate: '2026-11-23' } : c));
    expect(masterStatus(expired, '2026-11-24').master).toBe(false);
  });
  it('is at risk when one of the eight is within 180 days, naming it', () => {
    const certs = all('2029-01-01').map((c) => (c.code === 'A7' ? { ...c, expirationDate: '2027-05-23' } : c));
    expect(masterStatus(certs, '2026-11-24')).toEqual({
      master: true,
      atRisk: [{ code: 'A7', active: true, expirationDate: '2027-05-23', daysToExpiry: 180 }],
    });
    const later = all('2029-01-01').map((c) => (c.code === 'A7' ? { ...c, expirationDate: '2027-05-24' } : c));
    expect(masterStatus(later, '2026-11-24').atRisk).toEqual([]);
  });
});
