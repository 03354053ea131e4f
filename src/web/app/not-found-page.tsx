import { ButtonLink } from '../components/ui/button';
import { Logo } from '../components/ui/logo';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo />
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-slate-700">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Back to Homepage</ButtonLink>
    </main>
  );
}
