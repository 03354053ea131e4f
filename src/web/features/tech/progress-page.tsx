import { ChevronRight } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { TECH_SECTIONS, TechHeader } from '../../components/tech-header';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { usePracticeDashboard } from '../practice';
import { InsightsSection } from './dashboard/insights-section';

/** /app/progress — the Progress tab: the numbers so far and every progress screen of the header. */
export default function ProgressPage() {
  const errorText = useErrorText();
  const dashboard = usePracticeDashboard();
  const sections = TECH_SECTIONS.filter((s) => s.path !== 'profile');
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-3xl space-y-8 px-4 py-6 sm:py-8">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="tech.progress.title" />
        </h1>
        {dashboard.isPending && <Spinner />}
        {dashboard.error && (
          <div className="space-y-3">
            <ErrorBox message={errorText(dashboard.error)} />
            <Button onClick={() => void dashboard.refetch()}>
              <FormattedMessage id="common.tryAgain" />
            </Button>
          </div>
        )}
        {dashboard.data &&
          (dashboard.data.insights.testsTaken > 0 ? (
            <InsightsSection insights={dashboard.data.insights} />
          ) : (
            <p className="text-slate-700">
              <FormattedMessage id="tech.progress.empty" />
            </p>
          ))}
        <nav aria-labelledby="progress-more">
          <h2 id="progress-more" className="text-xl font-semibold">
            <FormattedMessage id="tech.progress.more" />
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            {sections.map((s) => (
              <li key={s.path}>
                <Link
                  to={`/app/${s.path}`}
                  className="flex min-h-14 items-center gap-3 px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50"
                >
                  <s.icon className="h-5 w-5 text-blue-700" aria-hidden="true" />
                  <span className="flex-1">
                    <FormattedMessage id={s.label} />
                  </span>
                  <ChevronRight className="h-5 w-5 text-slate-500" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </main>
    </div>
  );
}
