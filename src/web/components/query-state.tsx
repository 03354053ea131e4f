import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useErrorText } from '../i18n/i18n-provider';
import { Button } from './ui/button';
import { ErrorBox } from './ui/form';
import { Spinner } from './ui/spinner';

/** A data view's loading and error states (with Try Again); renders `children` with the data once it is there. */
export function QueryState<T>({
  query,
  loadingLabel,
  renderError,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel?: string;
  /** An error this view explains in its own way (a 404, a plan without the feature); null for the default. */
  renderError?: (error: Error) => ReactNode | null;
  children: (data: T) => ReactNode;
}) {
  const errorText = useErrorText();
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) {
    const own = renderError?.(query.error);
    if (own) return <>{own}</>;
    return (
      <div className="space-y-3">
        <ErrorBox message={errorText(query.error)} />
        <Button variant="secondary" className="min-h-11" onClick={() => void query.refetch()}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
