import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { useAttempt } from './api';
import { ChallengeNav } from './challenge-nav';
import { ChallengeResultsView } from './challenge-results';
import { ChallengeRunner } from './challenge-runner';
import { isSignedOut, SignInNotice } from './master-challenge-page';

/** /app/master-challenge/:id — an attempt: the question screen while it runs, then its results (reload resumes). */
export default function AttemptPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const errorText = useErrorText();
  const attempt = useAttempt(id);
  const view = attempt.data;
  const running = view?.status === 'in_progress' && view.current;
  // Whether this page showed the attempt itself before its results (they then take focus).
  const sawAttempt = useRef(false);
  if (running) sawAttempt.current = true;

  return (
    <div className="min-h-screen bg-slate-50">
      {/* While the clock runs the question gets the whole screen: no header links to wander off through. */}
      {!running && <TechHeader />}
      <main className={`mx-auto max-w-3xl space-y-6 ${running ? 'px-2 py-2 sm:px-4 sm:py-6' : 'px-4 py-6'}`}>
        {/* No way off the question screen while the clock runs; the links come back with the results. */}
        {!running && <ChallengeNav />}
        {attempt.isPending && <Spinner label={intl.formatMessage({ id: 'masterChallenge.loadingAttempt' })} />}
        {attempt.error &&
          (isSignedOut(attempt.error) ? (
            <SignInNotice next={`/app/master-challenge/${id}`} />
          ) : (
            <div className="space-y-4">
              <ErrorBox message={errorText(attempt.error)} />
              <div className="flex flex-wrap gap-3">
                <Button variant="secondary" onClick={() => attempt.refetch()}>
                  <FormattedMessage id="common.tryAgain" />
                </Button>
                <ButtonLink to="/app/master-challenge" variant="ghost">
                  <FormattedMessage id="masterChallenge.backToChallenge" />
                </ButtonLink>
              </div>
            </div>
          ))}
        {view && running && <ChallengeRunner view={{ ...view, current: running }} receivedAt={attempt.dataUpdatedAt} />}
        {view?.results && <ChallengeResultsView results={view.results} afterSubmit={sawAttempt.current} />}
      </main>
    </div>
  );
}
