import { PlayCircle } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OpenTest } from '../../../../domain/contracts/practice';
import { ButtonLink } from '../../../components/ui/button';
import { useSessionTitle } from '../../practice';

/** The way back into an unfinished test, first on the page: "Continue — A7 Heating & AC, 12/20 answered". */
export function ContinueCard({ tests }: { tests: OpenTest[] }) {
  const intl = useIntl();
  const title = useSessionTitle();
  const [latest, ...others] = tests;
  if (!latest) return null;
  return (
    <section
      aria-labelledby="continue-title"
      className="rounded-xl bg-blue-800 p-4 text-white shadow-sm sm:flex sm:items-center sm:justify-between sm:gap-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <PlayCircle className="mt-0.5 h-6 w-6 shrink-0" aria-hidden="true" />
        <div>
          <h2 id="continue-title" className="font-semibold">
            <FormattedMessage id="tech.continue.title" values={{ name: title(latest) }} />
          </h2>
          <p className="text-sm text-blue-100">
            <FormattedMessage
              id={latest.deadlineAt ? 'tech.continue.examProgress' : 'tech.continue.progress'}
              values={{
                answered: latest.answered,
                total: latest.total,
                time: latest.deadlineAt ? intl.formatTime(new Date(latest.deadlineAt), { timeStyle: 'short' }) : '',
              }}
            />
          </p>
          {others.length > 0 && (
            <p className="mt-1 text-sm text-blue-100">
              <FormattedMessage id="tech.continue.more" values={{ count: others.length }} />
            </p>
          )}
        </div>
      </div>
      <ButtonLink
        to={`/app/tests/${latest.id}`}
        variant="accent"
        className="mt-4 w-full sm:mt-0 sm:w-auto"
        aria-label={intl.formatMessage(
          { id: 'practice.action.named' },
          { action: intl.formatMessage({ id: 'practice.action.resume' }), name: title(latest) },
        )}
      >
        <FormattedMessage id="practice.action.resume" />
      </ButtonLink>
    </section>
  );
}
