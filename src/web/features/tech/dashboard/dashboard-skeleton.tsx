import { HeaderSkeleton, Skeleton, SkeletonRegion } from '../../../components/ui/skeleton';
import { card } from './card';

/**
 * The dashboard's sections while its data loads, in their final layout (ADR 0054): Performance Insights'
 * four figures, Practice Options and the category cards, each at the height it will have.
 */
export function TechDashboardSectionsSkeleton() {
  return (
    <SkeletonRegion className="space-y-8">
      <div>
        <Skeleton className="h-7 w-56" />
        <div className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[1, 2, 3, 4].map((n) => (
            <div key={n} className={card}>
              <Skeleton className="h-5 w-24" />
              <Skeleton className="mt-1 h-8 w-16 sm:h-9" />
            </div>
          ))}
        </div>
      </div>
      <div>
        <Skeleton className="h-7 w-44" />
        <div className={`${card} mt-3`}>
          <Skeleton className="h-11 w-full sm:w-2/3" />
        </div>
      </div>
      <div>
        <Skeleton className="h-7 w-64" />
        <div className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {[1, 2, 3, 4].map((n) => (
            <div key={n} className={card}>
              <Skeleton className="h-6 w-3/4" />
              <Skeleton className="mt-3 h-11 w-full" />
            </div>
          ))}
        </div>
      </div>
    </SkeletonRegion>
  );
}

/** The category cards while the categories load: eight, as the bank has, in the cards' grid. */
export function CategoryCardsSkeleton() {
  return (
    <SkeletonRegion className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
        <div key={n} className={card}>
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="mt-3 h-11 w-full" />
        </div>
      ))}
    </SkeletonRegion>
  );
}

/** Start here's choice of category while the categories load: the grid of eight options. */
export function CategoryChoicesSkeleton() {
  return (
    <SkeletonRegion className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
      {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
        <Skeleton key={n} className="h-12 w-full rounded-lg" />
      ))}
    </SkeletonRegion>
  );
}

/**
 * The whole dashboard while the signed-in user or the page's code is on its way: the header, the greeting
 * and the sections where they will be, instead of a spinner and then a second one under the greeting.
 */
export function TechDashboardSkeleton() {
  return (
    <div className="min-h-screen bg-slate-50">
      <HeaderSkeleton />
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:py-8">
        <Skeleton className="h-8 w-64" />
        <TechDashboardSectionsSkeleton />
      </main>
    </div>
  );
}
