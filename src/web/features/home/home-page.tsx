import {
  BarChart3,
  BookOpen,
  ClipboardList,
  Clock,
  GraduationCap,
  ShieldCheck,
  Target,
  Trophy,
  Users,
} from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { ASE_AREAS } from '../../../domain/ase-areas';
import { ButtonLink } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';

const FEATURES = [
  {
    icon: ClipboardList,
    title: '1000+ Practice Questions',
    text: 'Original ASE-style questions across all eight A-series areas, each with an explanation of the right answer and why the others are wrong.',
  },
  {
    icon: Target,
    title: 'Adaptive Practice',
    text: 'Category tests focus on your weak content areas and skip the questions you have already mastered.',
  },
  {
    icon: Clock,
    title: 'Timed 60-Question Exams',
    text: 'Full practice exams with a 60-minute timer, a question navigator and flag-for-review, just like test day.',
  },
  {
    icon: BookOpen,
    title: 'Study Guides',
    text: 'Chapter-by-chapter guides with diagnostic procedures, typical specs and common failures for every area.',
  },
  {
    icon: BarChart3,
    title: 'Analytics and Mastery',
    text: 'See your trends, your readiness per category and exactly where to spend your next study hour.',
  },
  {
    icon: Users,
    title: 'Built for Shops',
    text: 'Managers assign tests, follow technician progress and keep every certification current before it expires.',
  },
];

const STEPS = [
  {
    title: 'Create your free account',
    text: 'Sign up as a technician or a shop manager. Your 14-day free trial starts right away, with no charge for 14 days.',
  },
  {
    title: 'Practice and study',
    text: 'Take category tests and timed exams, review every explanation, and read the study guide chapters you need.',
  },
  {
    title: 'Pass with confidence',
    text: 'Track your readiness per area and walk into the ASE test center knowing you are prepared.',
  },
];

const TESTIMONIALS = [
  {
    quote:
      'I had failed A6 twice. Two weeks of TorquePrep category tests on the areas I kept missing, and I passed with room to spare.',
    name: 'Marcus R.',
    role: 'Master Technician, Ohio',
  },
  {
    quote:
      'Assigning tests and seeing who is ready before I pay for their exam saves my shop real money every certification season.',
    name: 'Denise L.',
    role: 'Service Manager, Texas',
  },
  {
    quote:
      'The explanations for the wrong answers are what did it for me. I finally understood why my diagnosis was off, not just that it was.',
    name: 'Kevin T.',
    role: 'Apprentice Technician, Oregon',
  },
];

const STATS = [
  { value: '95%', label: 'pass rate' },
  { value: '1000+', label: 'questions' },
  { value: '10,000+', label: 'technicians' },
];

/**
 * The marketing homepage; prerendered to static HTML at build time so `/` ships no JavaScript. A signed-in
 * visitor gets the variant whose navigation offers Go to dashboard instead of Sign In / Get Started Free
 * (the server picks the prerendered file from the session cookie).
 */
export function HomePage({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <div className="flex items-center gap-2">
            {signedIn ? (
              // /app sends each role to its own dashboard (the gate).
              <ButtonLink to="/app" size="sm">
                <FormattedMessage id="common.goToDashboard" />
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to="/sign-in" variant="ghost" size="sm">
                  Sign In
                </ButtonLink>
                <ButtonLink to="/sign-up" size="sm">
                  Get Started Free
                </ButtonLink>
              </>
            )}
          </div>
        </nav>
      </header>

      <main>
        <section className="bg-gradient-to-b from-blue-50 to-white">
          <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
            <p className="mx-auto mb-4 inline-block rounded-full bg-amber-100 px-4 py-1 text-sm font-semibold text-amber-900">
              14-day free trial · no charge for 14 days
            </p>
            <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Pass your ASE certification the first time
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">
              Practice tests, timed exams and study guides for ASE A1–A8, built for working automotive technicians and
              the shops that train them.
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <ButtonLink to="/free-test" size="lg">
                Start Free Practice Test
              </ButtonLink>
              <a href="#features" className="rounded-lg px-6 py-3 font-semibold text-blue-800 hover:bg-blue-100">
                Learn More
              </a>
            </div>
            <dl className="mx-auto mt-12 grid max-w-2xl grid-cols-3 gap-2 sm:gap-4">
              {STATS.map((s) => (
                <div key={s.label} className="rounded-xl bg-white px-2 py-4 shadow-sm ring-1 ring-slate-200 sm:px-4">
                  <dt className="text-sm text-slate-600">{s.label}</dt>
                  <dd className="text-xl font-extrabold text-blue-800 sm:text-3xl">{s.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="features-title" className="text-center text-3xl font-bold">
              Everything you need to get certified
            </h2>
            <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((f) => (
                <article key={f.title} className="rounded-xl border border-slate-200 p-6">
                  <f.icon className="h-8 w-8 text-blue-700" aria-hidden="true" />
                  <h3 className="mt-3 text-lg font-semibold">{f.title}</h3>
                  <p className="mt-2 text-slate-700">{f.text}</p>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="how-title" className="bg-slate-50 py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="how-title" className="text-center text-3xl font-bold">
              How it works
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {STEPS.map((step, i) => (
                <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <span className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-700 font-bold text-white">
                    {i + 1}
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
                  <p className="mt-2 text-slate-700">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="testimonials-title" className="py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="testimonials-title" className="text-center text-3xl font-bold">
              What technicians say
            </h2>
            <div className="mt-10 grid gap-6 md:grid-cols-3">
              {TESTIMONIALS.map((t) => (
                <figure key={t.name} className="rounded-xl border border-slate-200 p-6">
                  <blockquote className="text-slate-800">“{t.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold">{t.name}</span>
                    <span className="block text-slate-600">{t.role}</span>
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="bg-blue-800 py-16 text-white">
          <div className="mx-auto max-w-3xl px-4 text-center">
            <Trophy className="mx-auto h-10 w-10 text-amber-300" aria-hidden="true" />
            <h2 id="cta-title" className="mt-4 text-3xl font-bold">
              Ready to earn your next patch?
            </h2>
            <p className="mt-3 text-lg text-blue-100">
              Start your 14-day free trial today. No charge for 14 days, cancel anytime.
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <ButtonLink to="/sign-up" variant="accent" size="lg">
                Start 14-Day Free Trial
              </ButtonLink>
              <ButtonLink to="/free-test" variant="secondary" size="lg">
                Start Free Practice Test
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
            <p className="mt-2 text-sm">ASE certification prep for automotive technicians and their shops.</p>
          </div>
          <div className="md:col-span-2">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">ASE test areas</h2>
            <ul className="mt-3 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
              {ASE_AREAS.map((a) => (
                <li key={a.code}>
                  {a.code} {a.name}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="mx-auto mt-8 flex max-w-6xl items-center gap-2 px-4 text-xs text-slate-400">
          <ShieldCheck className="h-4 w-4" aria-hidden="true" /> TorquePrep is an independent study aid and is not
          affiliated with ASE.{' '}
          <Link to="/free-test" className="underline">
            Free practice test
          </Link>
        </p>
      </footer>
    </div>
  );
}
