import { HeaderSkeleton, Skeleton, SkeletonRegion } from '../../components/ui/skeleton';

/**
 * The manager dashboard while the signed-in user or the page's code is on its way (ADR 0054): the header,
 * the shop's name and its four figures where they will be, then the sections below.
 */
export function ManagerDashboardSkeleton() {
  return (
    <div className="min-h-screen bg-slate-50">
      <HeaderSkeleton wide tabs={false} />
      <main className="mx-auto max-w-7xl space-y-8 px-4 py-8">
        <SkeletonRegion className="space-y-8">
          <div className="space-y-4">
            <Skeleton className="h-8 w-64" />
            <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              {[1, 2, 3, 4].map((n) => (
                <div key={n} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                  <Skeleton className="h-5 w-24" />
                  <Skeleton className="mt-1 h-9 w-16" />
                </div>
              ))}
            </div>
          </div>
          <Skeleton className="h-11 w-72" />
          <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <Skeleton className="h-7 w-56" />
            <Skeleton className="mt-4 h-40 w-full" />
          </div>
        </SkeletonRegion>
      </main>
    </div>
  );
}
