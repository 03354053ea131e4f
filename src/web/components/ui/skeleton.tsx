import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A grey block where content will be, of the size that content takes, so nothing moves when it arrives.
 * Hidden from assistive technology: the `SkeletonRegion` around it says "Loading…" once.
 */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`rounded-md bg-slate-200 motion-safe:animate-pulse ${className}`} />;
}

/** Content that is loading, laid out as it will be: announced as "Loading…" (or `label`, already translated). */
export function SkeletonRegion({
  children,
  label,
  className = '',
}: {
  children: ReactNode;
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label ?? <FormattedMessage id="common.loading" />}</span>
      {children}
    </div>
  );
}

/**
 * The signed-in header's place while the page's code loads: the bar (h-14, h-16 on a desktop) and, on a
 * desktop, the tab row under it, at their real heights.
 */
export function HeaderSkeleton({ wide = false, tabs = true }: { wide?: boolean; tabs?: boolean }) {
  return (
    <div aria-hidden="true">
      <div className="border-b border-slate-200 bg-white">
        <div
          className={`mx-auto flex h-14 items-center justify-between gap-3 px-4 lg:h-16 ${wide ? 'max-w-7xl' : 'max-w-6xl'}`}
        >
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-8 w-8 lg:w-72" />
        </div>
      </div>
      {tabs && (
        <div className="hidden border-b border-slate-200 bg-white lg:block">
          <div className="mx-auto flex min-h-12 max-w-6xl items-center gap-4 px-4">
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-5 w-20" />
          </div>
        </div>
      )}
    </div>
  );
}
