import { useAuth } from '../../app/auth-context';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useCategories } from '../categories/api';
import { TechHeader } from './tech-header';

/** The technician dashboard shell; practice, history and insights sections build on it. */
export default function TechDashboardPage() {
  const { me } = useAuth();
  const categories = useCategories();
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-8">
        <section>
          <h1 className="text-2xl font-bold">Welcome back, {me?.user.fullName.split(' ')[0]}</h1>
          {me?.user.pendingShopRequest && (
            <p className="mt-2 text-sm text-slate-700">
              Your request to join shop {me.user.pendingShopRequest.requestedShopCode} is waiting for the manager's
              approval.
            </p>
          )}
          {me?.user.shop && <p className="mt-2 text-sm text-slate-700">Shop: {me.user.shop.name}</p>}
        </section>
        <section aria-labelledby="categories-title">
          <h2 id="categories-title" className="text-xl font-semibold">
            Practice by Category
          </h2>
          {categories.isPending && <Spinner />}
          <ErrorBox message={categories.error ? errorMessage(categories.error) : null} />
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {categories.data?.map((c) => (
              <li key={c.id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <p className="text-sm font-bold text-blue-800">{c.code}</p>
                <h3 className="font-semibold">{c.name}</h3>
                <p className="mt-2 text-sm text-slate-700">{c.description}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
