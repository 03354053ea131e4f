import { lazy, Suspense, useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { useTestSession } from './api';
import { ResultsView } from './results-view';

/**
 * The runner is a chunk of its own, requested as this page opens, alongside the session's read (which it
 * needs first), so a test opens no later, and results, which this page also shows, do not load it (route
 * budgets: tests/e2e/route-budget.e2e.ts).
 */
const loadRunner = () => import('./runner');
const Runner = lazy(() => loadRunner().then((m) => ({ default: m.Runner })));

/** /app/tests/:id — a category test or an exam (resumed from the server on every open), then its results. */
export default function TestRunnerPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const errorText = useErrorText();
  const session = useTestSession(id);
  useEffect(() => void loadRunner(), []);
  // A cached copy that is being reread (a return to the test, a resync) is not shown as the test.
  const fresh = !(session.isFetching && session.isStale);
  // Whether this page showed the test itself before its results (they then take focus, see ResultsView).
  const sawTest = useRef(false);
  if (session.data && !session.data.results) sawTest.current = true;
  if (session.data && !session.data.results && fresh) {
    return (
      <Suspense fallback={<Spinner label={intl.formatMessage({ id: 'practice.loading' })} />}>
        <Runner key={session.data.id} session={session.data} receivedAt={session.dataUpdatedAt} />
      </Suspense>
    );
  }
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-3xl px-4 py-6">
        {(session.isPending || (session.data && !session.data.results && !fresh)) && (
          <Spinner label={intl.formatMessage({ id: 'practice.loading' })} />
        )}
        {session.error && (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold">
              <FormattedMessage id="practice.loadFailed" />
            </h1>
            <ErrorBox message={errorText(session.error)} />
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void session.refetch()}>
                <FormattedMessage id="common.tryAgain" />
              </Button>
              <ButtonLink to="/app" variant="secondary">
                <FormattedMessage id="common.backToDashboard" />
              </ButtonLink>
            </div>
          </div>
        )}
        {session.data?.results && (
          <ResultsView session={session.data} results={session.data.results} afterSubmit={sawTest.current} />
        )}
      </main>
    </div>
  );
}
