import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { StartSessionRequest } from '../../../domain/contracts/practice';
import { Button, ButtonLink } from '../../components/ui/button';
import { useErrorText } from '../../i18n/i18n-provider';
import { toast } from '../../lib/toast';
import { useStartTest } from './api';

/** The call-to-action labels, one per action across the app (one label per call to action). */
const LABELS = {
  startTest: 'practice.action.startTest',
  startExam: 'practice.action.startExam',
  startWarmUp: 'practice.action.startWarmUp',
  quizChapter: 'practice.action.quizChapter',
  practiseMissed: 'practice.action.practiseMissed',
  practiseMissedFirst: 'practice.action.practiseMissedFirst',
  tryAgain: 'practice.action.tryAgain',
} as const;

/**
 * Creates the session on the server, then opens it at its own URL; the server resumes an open test of
 * the same sort instead of starting a second. With `openSessionId` known it is a Resume link at once.
 * `context` names what it starts, for screen readers ("Start Test: A5 Brakes").
 */
export function StartTestButton({
  request,
  action = 'startTest',
  count,
  context,
  openSessionId,
  variant = 'primary',
  size = 'md',
  className = '',
}: {
  request: StartSessionRequest;
  action?: keyof typeof LABELS;
  /** For "Practise the {count} you missed (first)". */
  count?: number;
  context?: string;
  openSessionId?: string | null;
  variant?: 'primary' | 'secondary';
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const start = useStartTest();
  const navigate = useNavigate();
  const named = (action: string) =>
    context ? intl.formatMessage({ id: 'practice.action.named' }, { action, name: context }) : undefined;

  if (openSessionId) {
    const resume = intl.formatMessage({ id: 'practice.action.resume' });
    return (
      <ButtonLink
        to={`/app/tests/${openSessionId}`}
        variant={variant}
        size={size}
        className={className}
        aria-label={named(resume)}
      >
        {resume}
      </ButtonLink>
    );
  }
  const label = intl.formatMessage({ id: LABELS[action] }, { count: count ?? 0 });
  return (
    <Button
      size={size}
      variant={variant}
      className={className}
      aria-label={named(label)}
      disabled={start.isPending}
      onClick={() =>
        start.mutate(request, {
          onSuccess: (session) => navigate(`/app/tests/${session.id}`),
          onError: (error) => toast.error(errorText(error)),
        })
      }
    >
      {start.isPending ? intl.formatMessage({ id: 'practice.action.starting' }) : label}
    </Button>
  );
}
