import { describe, expect, it } from 'vitest';
import { buttonClass } from './button';

const classes = (...args: Parameters<typeof buttonClass>) => buttonClass(...args).split(/\s+/);

describe('buttonClass', () => {
  it('gives each size its own padding when the caller gives none', () => {
    expect(classes('primary', 'sm')).toContain('px-4');
    expect(classes('primary', 'md', 'w-full')).toContain('px-5');
    expect(classes('primary', 'lg')).toContain('px-6');
  });

  it("lets the caller's padding replace the size's, so an icon-only button keeps its icon", () => {
    for (const own of ['p-0', 'px-0', 'px-2 sm:px-3', '!p-0', 'pl-3 pr-1']) {
      const list = classes('ghost', 'md', own);
      expect(list).not.toContain('px-5');
      for (const c of own.split(' ')) expect(list).toContain(c);
    }
  });

  it('keeps the size padding under a padding that applies only from a breakpoint', () => {
    expect(classes('ghost', 'sm', 'lg:px-2.5')).toEqual(expect.arrayContaining(['px-4', 'lg:px-2.5']));
  });
});
