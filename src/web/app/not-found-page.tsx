import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '../components/ui/button';
import { Logo } from '../components/ui/logo';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo />
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="common.notFound.title" />
      </h1>
      <p className="text-slate-700">
        <FormattedMessage id="common.notFound.body" />
      </p>
      <ButtonLink to="/">
        <FormattedMessage id="common.backToHomepage" />
      </ButtonLink>
    </main>
  );
}
