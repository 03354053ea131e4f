import { ArrowLeft } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SUPPORT_EMAIL } from '../../../domain/billing';
import { ButtonLink } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { LanguageSwitch } from '../../i18n/language-switch';

/** The sections of the Terms of Service, by catalogue key (title, body), in reading order. */
const SECTIONS = [
  ['legal.terms.service.title', 'legal.terms.service.body'],
  ['legal.terms.accounts.title', 'legal.terms.accounts.body'],
  ['legal.terms.trial.title', 'legal.terms.trial.body'],
  ['legal.terms.cancel.title', 'legal.terms.cancel.body'],
  ['legal.terms.use.title', 'legal.terms.use.body'],
  ['legal.terms.content.title', 'legal.terms.content.body'],
  ['legal.terms.data.title', 'legal.terms.data.body'],
  ['legal.terms.changes.title', 'legal.terms.changes.body'],
] as const;

/** Terms of Service, linked from the payment form's agreement and the homepage footer. */
export default function TermsPage() {
  const intl = useIntl();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-2">
          <Logo />
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8">
        <ButtonLink to="/" variant="ghost" size="sm">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          <FormattedMessage id="common.backToHomepage" />
        </ButtonLink>
        <article className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold sm:text-3xl">
            <FormattedMessage id="legal.terms.title" />
          </h1>
          <p className="mt-2 text-sm text-slate-600">
            <FormattedMessage
              id="legal.terms.updated"
              values={{
                date: intl.formatDate(new Date(Date.UTC(2026, 10, 1)), { dateStyle: 'long', timeZone: 'UTC' }),
              }}
            />
          </p>
          <p className="mt-4 text-slate-800">
            <FormattedMessage id="legal.terms.intro" />
          </p>
          {SECTIONS.map(([title, body]) => (
            <section key={title} className="mt-6">
              <h2 className="text-lg font-semibold">{intl.formatMessage({ id: title })}</h2>
              <p className="mt-2 text-slate-800">{intl.formatMessage({ id: body })}</p>
            </section>
          ))}
          <section className="mt-6">
            <h2 className="text-lg font-semibold">
              <FormattedMessage id="legal.terms.contact.title" />
            </h2>
            <p className="mt-2 text-slate-800">
              <FormattedMessage
                id="legal.terms.contact.body"
                values={{
                  email: (
                    <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-blue-800 underline">
                      {SUPPORT_EMAIL}
                    </a>
                  ),
                }}
              />
            </p>
          </section>
        </article>
      </main>
    </div>
  );
}
