import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useErrorText } from '../i18n/i18n-provider';
import { Button } from './ui/button';
import { ErrorBox } from './ui/form';
import { Spinner } from './ui/spinner';

/** A dashboard section: a titled card, with actions beside the title. */
export function Section({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/**
 * Loading, error (with Try Again) and empty (with the next step) states of one query; the data
 * view otherwise.
 */
export function QueryView<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const errorText = useErrorText();
  if (query.isPending) return <Spinner />;
  if (query.error) {
    return (
      <div className="space-y-3">
        <ErrorBox message={errorText(query.error)} />
        <Button variant="secondary" className="min-h-11" onClick={() => void query.refetch()}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
      </div>
    );
  }
  if (isEmpty(query.data)) return <div className="rounded-xl bg-slate-50 p-4 text-slate-700">{empty}</div>;
  return <>{children(query.data)}</>;
}
