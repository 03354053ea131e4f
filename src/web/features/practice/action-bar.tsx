import type { ReactNode } from 'react';

/**
 * The phone-first bottom action bar (ADR 0013): the next action always in the same place and in reach of
 * a thumb, above the safe area. The runner and the review session use it.
 */
export function ActionBar({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <div className={`mx-auto flex max-w-5xl items-center gap-2 px-3 py-2 sm:px-4 ${className}`}>{children}</div>
    </nav>
  );
}
