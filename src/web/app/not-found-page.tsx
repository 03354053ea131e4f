import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { useAuth } from './auth-context';

/** Not found (HTTP 404 from the server): a signed-in user is offered their dashboard first. */
export function NotFoundPage() {
  const { me } = useAuth();
  const dashboard = me ? (me.user.role === 'manager' ? '/manager' : '/app') : null;
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo />
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="common.notFound.title" />
      </h1>
      <p className="text-slate-700">
        <FormattedMessage id="common.notFound.body" />
      </p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {dashboard && (
          <ButtonLink to={dashboard}>
            <FormattedMessage id="common.goToDashboard" />
          </ButtonLink>
        )}
        <ButtonLink to="/" variant={dashboard ? 'secondary' : 'primary'}>
          <FormattedMessage id="common.backToHomepage" />
        </ButtonLink>
      </div>
    </main>
  );
}
