import { ChevronLeft, Flag, LayoutGrid, X } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatClock, timerLevel } from '../../../domain/exam-assembly';
import { Button } from '../../components/ui/button';
import { ActionBar } from './action-bar';
import type { RunnerState } from './use-runner';

const TIMER_TONE = {
  normal: 'bg-slate-100 text-slate-900',
  warning: 'bg-amber-100 text-amber-900',
  critical: 'bg-red-700 text-white',
} as const;

type OpenNavigator = (event: { currentTarget: HTMLElement }) => void;

/** Focus mode's one compact bar that stays in view: Leave, the title, question n of N, the timer, the grid. */
export function RunnerHeader({
  runner,
  title,
  onOpenNavigator,
}: {
  runner: RunnerState;
  title: string;
  onOpenNavigator: OpenNavigator;
}) {
  const intl = useIntl();
  const { isExam, left } = runner;
  const level = left === null ? 'normal' : timerLevel(left);
  const flaggedCount = runner.flags.filter(Boolean).length;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex min-h-14 max-w-5xl items-center gap-2 px-2 py-1 sm:px-4">
        <Button
          variant="ghost"
          size="sm"
          className="w-11 px-0"
          onClick={() => runner.setPanel('leave')}
          aria-label={intl.formatMessage({ id: isExam ? 'practice.leave.examButton' : 'practice.leave.testButton' })}
        >
          <X className="h-6 w-6" aria-hidden="true" />
        </Button>
        <div className="min-w-0 flex-1">
          {/* Wraps on a phone instead of cutting the name off beside the timer ("A5 Brakes Practice E…"): two lines
              for most, three for the longest Spanish ones ("Examen de práctica A7 Calefacción y aire acondicionado"). */}
          <h1 className="line-clamp-3 text-sm leading-tight font-semibold break-words text-slate-900">{title}</h1>
          <p className="text-xs text-slate-700">
            <FormattedMessage id="practice.position" values={{ current: runner.current + 1, total: runner.total }} />
          </p>
        </div>
        {left !== null && (
          <div
            role="timer"
            aria-label={intl.formatMessage({ id: 'practice.timer' }, { time: formatClock(left) })}
            data-level={level}
            className={`rounded-lg px-2.5 py-1.5 font-mono text-base font-bold tabular-nums ${TIMER_TONE[level]}`}
          >
            {formatClock(left)}
          </div>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="px-3 lg:hidden"
          onClick={onOpenNavigator}
          aria-label={intl.formatMessage({ id: 'practice.nav.open' }, { flagged: flaggedCount, isExam })}
        >
          <LayoutGrid className="h-5 w-5" aria-hidden="true" />
          {isExam && flaggedCount > 0 && (
            <span aria-hidden="true" className="flex items-center gap-0.5 text-xs text-amber-800">
              <Flag className="h-3.5 w-3.5 fill-amber-400" />
              {flaggedCount}
            </span>
          )}
        </Button>
      </div>
    </header>
  );
}

/**
 * The next action, always in the same place and in reach of a thumb: Previous, Flag (exam) and Next, which on
 * the last question becomes Review & submit (it opens the navigator, where Submit is).
 */
export function RunnerActions({ runner, onOpenNavigator }: { runner: RunnerState; onOpenNavigator: OpenNavigator }) {
  const intl = useIntl();
  const { isExam, current } = runner;
  const flagged = runner.flags[current];
  return (
    <ActionBar label={intl.formatMessage({ id: 'practice.actions' })} className="lg:pr-[calc(17rem+2.5rem)]">
      {/* In an exam, Previous and Flag are icons on a narrow phone so Next keeps most of the width. */}
      <Button
        variant="secondary"
        className={`min-h-12 ${isExam ? 'min-w-12 px-2 sm:px-3' : 'px-3'}`}
        onClick={() => runner.step(-1)}
        disabled={current === 0}
        aria-label={intl.formatMessage({ id: 'practice.previous' })}
      >
        <ChevronLeft className="h-5 w-5" aria-hidden="true" />
        <span className={isExam ? 'hidden sm:inline' : ''}>
          <FormattedMessage id="practice.previous" />
        </span>
      </Button>
      {isExam && (
        <Button
          variant="secondary"
          className={`min-h-12 min-w-12 px-2 sm:px-3 ${flagged ? 'border-amber-500 bg-amber-50 text-amber-900' : ''}`}
          onClick={runner.toggleFlag}
          aria-pressed={flagged}
          aria-label={intl.formatMessage({ id: 'practice.flag' })}
        >
          <Flag className={`h-5 w-5 ${flagged ? 'fill-amber-400 text-amber-700' : ''}`} aria-hidden="true" />
          <span className="hidden sm:inline">
            <FormattedMessage id="practice.flag" />
          </span>
        </Button>
      )}
      {current === runner.total - 1 ? (
        <Button className="min-h-14 flex-1 text-base" onClick={onOpenNavigator}>
          <FormattedMessage id="practice.reviewAndSubmit" />
        </Button>
      ) : (
        <Button className="min-h-14 flex-1 text-base" onClick={() => runner.step(1)}>
          <FormattedMessage id="practice.next" />
        </Button>
      )}
    </ActionBar>
  );
}
