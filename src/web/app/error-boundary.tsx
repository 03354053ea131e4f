import { useQueryClient } from '@tanstack/react-query';
import { Component, type ReactNode, useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { clientErrorReport } from '../../domain/client-errors';
import { Button, ButtonLink } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { PageLoadError } from '../i18n/lazy-page';
import { api } from '../lib/api-client';
import { pageHydrated } from '../lib/page-hydration';
import { useAuth } from './auth-context';

interface BoundaryProps {
  route: string;
  pathname: string;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  pathname: string;
}

/**
 * Catches what one route's page throws while rendering, so the rest of the app (banners, toasts, the next
 * page) keeps working, and reports it to the server log (ADR 0051). A class: React has no hook for this,
 * and react-error-boundary would add its bytes to the app shell.
 */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  /** Another address starts afresh: leaving a failed page for another shows that page. */
  static getDerivedStateFromProps({ pathname }: BoundaryProps, state: BoundaryState) {
    return pathname === state.pathname ? null : { error: null, failed: false, pathname };
  }

  override componentDidCatch(error: unknown) {
    const report = clientErrorReport(error instanceof PageLoadError ? 'chunk' : 'render', error, this.props.route);
    // Best effort: a report that cannot be sent changes nothing for the user.
    api('/api/v1/client-errors', { method: 'POST', body: report }).catch(() => undefined);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const retry =
      this.state.error instanceof PageLoadError
        ? // React keeps a lazy page's failed load: only a new page load fetches the new version's files.
          () => window.location.reload()
        : () => {
            this.props.onRetry();
            this.setState({ error: null, failed: false });
          };
    return <ErrorScreen reload={this.state.error instanceof PageLoadError} onRetry={retry} />;
  }
}

/**
 * A route's page inside its error boundary (`route` is its pattern, for the report). Try again drops the data
 * of pages no longer on screen, the failed one's included, so it is fetched again rather than read from the
 * cache that may have broken the page.
 */
export function RouteBoundary({ route, children }: { route: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // The first page's effects have run: a server-rendered one is hydrated.
  useEffect(pageHydrated, []);
  return (
    <Boundary route={route} pathname={pathname} onRetry={() => queryClient.removeQueries({ type: 'inactive' })}>
      {children}
    </Boundary>
  );
}

/** "Something went wrong on this page", in the user's language, with Try again and a way home. */
function ErrorScreen({ reload, onRetry }: { reload: boolean; onRetry: () => void }) {
  const { me } = useAuth();
  const dashboard = me ? (me.user.role === 'manager' ? '/manager' : '/app') : '/';
  const heading = useRef<HTMLHeadingElement>(null);
  // A screen reader hears what happened, and the keyboard starts here (the page that failed had focus).
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo to={dashboard} />
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold">
        <FormattedMessage id="common.pageError.title" />
      </h1>
      <p className="text-slate-700">
        <FormattedMessage id={reload ? 'common.pageError.updated' : 'common.pageError.body'} />
      </p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button onClick={onRetry}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
        <ButtonLink to={dashboard} variant="secondary">
          <FormattedMessage id={me ? 'common.goToDashboard' : 'common.backToHomepage'} />
        </ButtonLink>
      </div>
    </main>
  );
}
