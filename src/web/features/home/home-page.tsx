import {
  BarChart3,
  BookOpen,
  ClipboardList,
  Clock,
  GraduationCap,
  Languages,
  ShieldCheck,
  Target,
  Trophy,
  Users,
} from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ASE_AREAS } from '../../../domain/ase-areas';
import { ADAPTIVE_MASTERY_PRICE_CENTS } from '../../../domain/billing';
import { PRACTICE_QUESTION_COUNT } from '../../../domain/content/bank-size';
import { EXAM_QUESTION_COUNT } from '../../../domain/exam-assembly';
import { LOCALE_NAMES, LOCALES } from '../../../domain/locale';
import { ButtonLink } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useCategoryName } from '../../i18n/category-name';

/** Catalogue keys (literal, so the catalogue test finds them) of each block of the page. */
const FEATURES = [
  { icon: ClipboardList, title: 'home.features.questions.title', text: 'home.features.questions.text' },
  { icon: Target, title: 'home.features.adaptive.title', text: 'home.features.adaptive.text' },
  { icon: Clock, title: 'home.features.exams.title', text: 'home.features.exams.text' },
  { icon: BookOpen, title: 'home.features.guides.title', text: 'home.features.guides.text' },
  { icon: BarChart3, title: 'home.features.analytics.title', text: 'home.features.analytics.text' },
  { icon: Users, title: 'home.features.shops.title', text: 'home.features.shops.text' },
];

const STEPS = [
  { title: 'home.how.account.title', text: 'home.how.account.text' },
  { title: 'home.how.practice.title', text: 'home.how.practice.text' },
  { title: 'home.how.pass.title', text: 'home.how.pass.text' },
];

/**
 * Only claims that are true and computed (ADR 0034): the bank's real size, the eight areas and the
 * exam's length. No pass rate or user count until one is measured from real outcomes, and no testimonials
 * until real ones exist.
 */
const STATS = [
  { value: PRACTICE_QUESTION_COUNT, label: 'home.stats.questions' },
  { value: ASE_AREAS.length, label: 'home.stats.areas' },
  { value: EXAM_QUESTION_COUNT, label: 'home.stats.examQuestions' },
] as const;

/**
 * The marketing homepage; prerendered to static HTML at build time so `/` ships no JavaScript. A signed-in
 * visitor gets the variant whose navigation offers Go to dashboard instead of Sign In / Get Started Free
 * (the server picks the prerendered file from the session cookie). The default export: the client's route
 * loads it with `lazyPage`, the prerender imports it; `/` itself is the prerendered file.
 */
export default function HomePage({ signedIn = false }: { signedIn?: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const categoryName = useCategoryName();
  // My Mastery is the paid add-on: the features say so with its price, as the plans page shows it.
  const masteryPrice = intl.formatNumber(ADAPTIVE_MASTERY_PRICE_CENTS / 100, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  });
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <nav aria-label={t('home.nav')} className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
          <Logo />
          <div className="flex items-center gap-1 sm:gap-2">
            <LanguageLinks className="hidden sm:flex" />
            {signedIn ? (
              // /app sends each role to its own dashboard (the gate).
              <ButtonLink to="/app" size="sm">
                <FormattedMessage id="common.goToDashboard" />
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to="/sign-in" variant="ghost" size="sm" className="px-3">
                  <FormattedMessage id="home.signIn" />
                </ButtonLink>
                <ButtonLink to="/sign-up" size="sm" className="px-3">
                  <FormattedMessage id="home.getStarted" />
                </ButtonLink>
              </>
            )}
          </div>
        </nav>
      </header>

      <main>
        <section className="bg-gradient-to-b from-blue-50 to-white">
          <div className="mx-auto max-w-6xl px-4 pt-4 pb-16 text-center sm:py-24">
            {/* On a phone the header has no room for it: the language link leads the page instead. */}
            <LanguageLinks className="mb-8 flex justify-end sm:hidden" />
            <p className="mx-auto mb-4 inline-block rounded-full bg-amber-100 px-4 py-1 text-sm font-semibold text-amber-900">
              <FormattedMessage id="home.hero.badge" />
            </p>
            <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              <FormattedMessage id="home.hero.title" />
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">
              <FormattedMessage id="home.hero.body" />
            </p>
            <p className="mx-auto mt-3 flex max-w-2xl items-start justify-center gap-2 font-semibold text-blue-900">
              <Languages className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
              <FormattedMessage id="home.hero.spanish" />
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <ButtonLink to="/free-test" size="lg">
                <FormattedMessage id="home.startFreeTest" />
              </ButtonLink>
              <a
                href="#features"
                className="inline-flex min-h-12 items-center rounded-lg px-6 font-semibold text-blue-800 hover:bg-blue-100"
              >
                <FormattedMessage id="home.hero.learnMore" />
              </a>
            </div>
            <dl className="mx-auto mt-12 grid max-w-2xl grid-cols-3 gap-2 sm:gap-4">
              {STATS.map((s) => (
                <div key={s.label} className="rounded-xl bg-white px-2 py-4 shadow-sm ring-1 ring-slate-200 sm:px-4">
                  <dt className="text-sm text-slate-600">{t(s.label)}</dt>
                  <dd className="text-xl font-extrabold text-blue-800 sm:text-3xl">{intl.formatNumber(s.value)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="features-title" className="text-center text-3xl font-bold">
              <FormattedMessage id="home.features.title" />
            </h2>
            <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((f) => (
                <article key={f.title} className="rounded-xl border border-slate-200 p-6">
                  <f.icon className="h-8 w-8 text-blue-700" aria-hidden="true" />
                  <h3 className="mt-3 text-lg font-semibold">
                    {intl.formatMessage({ id: f.title }, { count: intl.formatNumber(PRACTICE_QUESTION_COUNT) })}
                  </h3>
                  <p className="mt-2 text-slate-700">{intl.formatMessage({ id: f.text }, { price: masteryPrice })}</p>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="how-title" className="bg-slate-50 py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="how-title" className="text-center text-3xl font-bold">
              <FormattedMessage id="home.how.title" />
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {STEPS.map((step, i) => (
                <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <span className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-700 font-bold text-white">
                    {intl.formatNumber(i + 1)}
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">{t(step.title)}</h3>
                  <p className="mt-2 text-slate-700">{t(step.text)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="bg-blue-800 py-16 text-white">
          <div className="mx-auto max-w-3xl px-4 text-center">
            <Trophy className="mx-auto h-10 w-10 text-amber-300" aria-hidden="true" />
            <h2 id="cta-title" className="mt-4 text-3xl font-bold">
              <FormattedMessage id="home.cta.title" />
            </h2>
            <p className="mt-3 text-lg text-blue-100">
              <FormattedMessage id="home.cta.body" />
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              {/* One label per call to action: the same words as the hero and the free test's results. The shop
                  trial is a manager's: sign-up opens on Shop Manager. */}
              <ButtonLink to="/sign-up?role=manager" variant="accent" size="lg">
                <FormattedMessage id="home.startTrial" />
              </ButtonLink>
              <ButtonLink to="/free-test" variant="secondary" size="lg">
                <FormattedMessage id="home.startFreeTest" />
              </ButtonLink>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 bg-slate-900 py-12 text-slate-300">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-3">
          <div>
            <p className="flex items-center gap-2 text-lg font-bold text-white">
              <GraduationCap className="h-6 w-6" aria-hidden="true" /> TorquePrep
            </p>
            <p className="mt-2 text-sm">
              <FormattedMessage id="home.footer.tagline" />
            </p>
          </div>
          <div className="md:col-span-2">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">
              <FormattedMessage id="home.footer.areas" />
            </h2>
            <ul className="mt-3 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
              {ASE_AREAS.map((a) => (
                <li key={a.code}>
                  <FormattedMessage
                    id="home.footer.area"
                    values={{ code: a.code, name: categoryName(a.code, a.name) }}
                  />
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="mx-auto mt-8 flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 text-xs text-slate-400">
          <p className="flex items-center gap-2">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            <FormattedMessage id="home.footer.disclaimer" />
          </p>
          <Link to="/free-test" className="inline-flex min-h-11 items-center underline">
            <FormattedMessage id="home.startFreeTest" />
          </Link>
          <Link to="/plans" className="inline-flex min-h-11 items-center underline">
            <FormattedMessage id="home.footer.plans" />
          </Link>
          <Link to="/terms" className="inline-flex min-h-11 items-center underline">
            <FormattedMessage id="home.footer.terms" />
          </Link>
        </div>
      </footer>
    </div>
  );
}

/**
 * The other languages as plain links: the prerendered homepage ships no JavaScript, so the server switches
 * (`/?lang=es` sets the language cookie and serves that variant).
 */
function LanguageLinks({ className }: { className: string }) {
  const intl = useIntl();
  const current = intl.locale.split('-')[0];
  return (
    <ul aria-label={intl.formatMessage({ id: 'home.language' })} className={className}>
      {LOCALES.filter((l) => l !== current).map((l) => (
        <li key={l}>
          <a
            href={`/?lang=${l}`}
            hrefLang={l}
            lang={l}
            className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-slate-700 underline hover:bg-slate-100"
          >
            {LOCALE_NAMES[l]}
          </a>
        </li>
      ))}
    </ul>
  );
}
