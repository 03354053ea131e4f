import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';

const SUPPORT_EMAIL = 'support@torqueprep.com';

/** The sections of the Terms of Service, in order; each has a title and a body in the `legal` catalogue. */
const SECTIONS = [
  ['legal.terms.service.title', 'legal.terms.service.body'],
  ['legal.terms.accounts.title', 'legal.terms.accounts.body'],
  ['legal.terms.trial.title', 'legal.terms.trial.body'],
  ['legal.terms.cancel.title', 'legal.terms.cancel.body'],
  ['legal.terms.shops.title', 'legal.terms.shops.body'],
  ['legal.terms.content.title', 'legal.terms.content.body'],
  ['legal.terms.use.title', 'legal.terms.use.body'],
  ['legal.terms.warranty.title', 'legal.terms.warranty.body'],
  ['legal.terms.changes.title', 'legal.terms.changes.body'],
] as const;

/** Terms of Service: what a shop or technician agrees to when they sign up and start a trial. */
export default function TermsPage() {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-4 py-4">
        <Logo />
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16">
        <article className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
          <h1 className="text-2xl font-bold sm:text-3xl">
            <FormattedMessage id="legal.terms.title" />
          </h1>
          <p className="mt-2 text-sm text-slate-600">
            <FormattedMessage id="legal.terms.updated" />
          </p>
          {SECTIONS.map(([title, body]) => (
            <section key={title} className="mt-8">
              <h2 className="text-lg font-semibold">
                <FormattedMessage id={title} />
              </h2>
              <p className="mt-2 leading-relaxed text-slate-800">
                <FormattedMessage id={body} />
              </p>
            </section>
          ))}
          <p className="mt-8 leading-relaxed text-slate-800">
            <FormattedMessage
              id="legal.terms.contact"
              values={{
                email: (
                  <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-blue-800 underline">
                    {SUPPORT_EMAIL}
                  </a>
                ),
              }}
            />
          </p>
        </article>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="inline-flex min-h-11 items-center text-slate-700 underline">
            <FormattedMessage id="legal.backHome" />
          </Link>
        </p>
      </main>
    </div>
  );
}
