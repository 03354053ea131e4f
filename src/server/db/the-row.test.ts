import { describe, expect, it } from 'vitest';
import { theRow } from './the-row';

describe('theRow', () => {
  it('returns the first row', () => {
    expect(theRow([{ id: 'a' }, { id: 'b' }], 'select')).toEqual({ id: 'a' });
  });

  it('throws naming the statement when there is none', () => {
    expect(() => theRow([], 'insert assignment')).toThrow('insert assignment returned no row');
  });
});
