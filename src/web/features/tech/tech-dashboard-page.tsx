import { BookOpen, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth-context';
import { ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { PracticeStreakCard } from '../achievements/practice-streak-card';
import { useCategories } from '../categories/api';
import { usePracticeDashboard } from '../practice/api';
import { StartTestButton } from '../practice/start-test-button';
import { TechHeader } from './tech-header';

const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The technician dashboard (SPEC §2): insights, assigned tests, practice options, categories, history. */
export default function TechDashboardPage() {
  const { me } = useAuth();
  const categories = useCategories();
  const dashboard = usePracticeDashboard();
  const insights = dashboard.data?.insights;
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

        <PracticeStreakCard />

        <ErrorBox message={dashboard.error ? errorMessage(dashboard.error) : null} />

        <section aria-labelledby="insights-title">
          <h2 id="insights-title" className="text-xl font-semibold">
            Performance Insights
          </h2>
          {dashboard.isPending ? (
            <Spinner />
          ) : (
            <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
              {[
                ['Tests Taken', insights?.testsTaken ?? 0],
                ['Average Score', `${insights?.averageScore ?? 0}%`],
                ['Tests Passed', insights?.testsPassed ?? 0],
                ['Best Score', `${insights?.bestScore ?? 0}%`],
              ].map(([label, value]) => (
                <div key={label} className={card}>
                  <dt className="text-sm text-slate-700">{label}</dt>
                  <dd className="mt-1 text-3xl font-bold">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>

        {dashboard.data?.assignments && (
          <section aria-labelledby="assigned-title">
            <h2 id="assigned-title" className="text-xl font-semibold">
              Assigned Tests
            </h2>
            {dashboard.data.assignments.length === 0 ? (
              <p className="mt-3 text-slate-700">No assigned tests right now.</p>
            ) : (
              <ul className="mt-4 space-y-3">
                {dashboard.data.assignments.map((a) => (
                  <li key={a.id} className={`${card} flex flex-wrap items-center justify-between gap-3`}>
                    <div>
                      <p className="font-semibold">
                        {a.category.code} {a.category.name}
                      </p>
                      <p className="text-sm text-slate-700">
                        Due {dateFormat.format(new Date(a.dueDate))}
                        {a.notes ? ` · ${a.notes}` : ''}
                      </p>
                      <p className="mt-1 flex gap-2 text-xs font-semibold">
                        <span
                          className={`rounded-full px-2 py-0.5 ${a.status === 'Overdue' ? 'bg-red-100 text-red-900' : a.status === 'In Progress' ? 'bg-blue-100 text-blue-900' : 'bg-slate-100 text-slate-800'}`}
                        >
                          {a.status}
                        </span>
                        {a.dueSoon && (
                          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">Due soon</span>
                        )}
                      </p>
                    </div>
                    {a.openSessionId ? (
                      // The assigned test is under way: Start Test goes back to it.
                      <ButtonLink
                        to={`/app/tests/${a.openSessionId}`}
                        size="sm"
                        aria-label={`Start Test: assigned ${a.category.code} ${a.category.name} (resume)`}
                      >
                        Start Test
                      </ButtonLink>
                    ) : (
                      <StartTestButton
                        request={{ kind: 'category', categoryId: a.category.id, assignmentId: a.id }}
                        accessibleName={`Start Test: assigned ${a.category.code} ${a.category.name}`}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        <section aria-labelledby="options-title">
          <h2 id="options-title" className="text-xl font-semibold">
            Practice Options
          </h2>
          <div className={`${card} mt-4 flex flex-wrap items-center justify-between gap-4`}>
            <div className="flex items-start gap-3">
              <ClipboardList className="mt-1 h-6 w-6 text-blue-700" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">ASE Practice Exams</h3>
                <p className="text-sm text-slate-700">60 questions in 60 minutes, like the real test.</p>
              </div>
            </div>
            <ButtonLink to="/app/exams" size="sm">
              Select Exam
            </ButtonLink>
          </div>
        </section>

        <section aria-labelledby="categories-title">
          <h2 id="categories-title" className="text-xl font-semibold">
            Practice by Category
          </h2>
          {categories.isPending && <Spinner />}
          <ErrorBox message={categories.error ? errorMessage(categories.error) : null} />
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {categories.data?.map((c) => (
              <li key={c.id} className={`${card} flex flex-col`}>
                <p className="text-sm font-bold text-blue-800">{c.code}</p>
                <h3 className="font-semibold">{c.name}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-700">{c.description}</p>
                <div className="mt-4 flex gap-2">
                  <ButtonLink
                    to={`/app/study/${c.code}`}
                    variant="secondary"
                    size="sm"
                    aria-label={`Study ${c.code} ${c.name}`}
                  >
                    <BookOpen className="h-4 w-4" aria-hidden="true" />
                    Study
                  </ButtonLink>
                  <StartTestButton
                    request={{ kind: 'category', categoryId: c.id }}
                    accessibleName={`Start Test: ${c.code} ${c.name}`}
                  />
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="history-title">
          <h2 id="history-title" className="text-xl font-semibold">
            Recent Test History
          </h2>
          {dashboard.data && dashboard.data.history.length === 0 && (
            <p className="mt-3 text-slate-700">No tests yet. Start a category test to see your history here.</p>
          )}
          {dashboard.data && dashboard.data.history.length > 0 && (
            <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
              {dashboard.data.history.map((h) => (
                <li key={h.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <div>
                    <Link to={`/app/tests/${h.id}`} className="font-semibold text-blue-800 underline">
                      {h.title}
                    </Link>
                    <p className="text-sm text-slate-700">{dateFormat.format(new Date(h.startedAt))}</p>
                  </div>
                  <div className="text-right text-sm">
                    <p
                      className={
                        h.status === 'Completed' ? 'font-semibold text-green-800' : 'font-semibold text-amber-800'
                      }
                    >
                      {h.status}
                    </p>
                    {h.score !== null && (
                      <p>
                        {h.score}% · {h.correct}/{h.total}
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </div>
  );
}
