import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { TECH_SECTIONS, TechHeader } from '../../components/tech-header';
import { ButtonLink } from '../../components/ui/button';

/** The header's destinations; each fills in as its feature lands. */
export default function TechSectionPage() {
  const { section } = useParams();
  const found = TECH_SECTIONS.find((s) => s.path === section);
  if (!found) return <NotFoundPage />;
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-3xl px-4 py-12 text-center">
        <found.icon className="mx-auto h-10 w-10 text-blue-700" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">
          <FormattedMessage id={found.label} />
        </h1>
        <p className="mt-2 text-slate-700">
          <FormattedMessage id="common.section.notOpen" />
        </p>
        <ButtonLink to="/app" className="mt-6">
          <FormattedMessage id="common.backToDashboard" />
        </ButtonLink>
      </main>
    </div>
  );
}
