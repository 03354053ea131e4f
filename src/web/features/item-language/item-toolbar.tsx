import { Languages } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import type { ExhibitView } from '../../../domain/contracts/exhibit';
import { loadNamespaces } from '../../i18n/catalogue-store';
import { useDeferredModule } from '../../lib/use-deferred-module';
import type { ItemLanguageState } from './item-language';
import { ReadAloudButton } from './read-aloud';

/**
 * The row above a question: "Ver en inglés" for a translated item (Spanish readers), a note for one not
 * translated yet, and read-aloud of what is on screen in the language it is shown in.
 */
export function ItemToolbar({
  state,
  speech,
  kind = 'question',
}: {
  state: ItemLanguageState;
  speech: string;
  kind?: 'question' | 'section';
}) {
  if (!state.canToggle && !state.untranslated) {
    return (
      <div className="mb-2 flex min-h-0 justify-end empty:hidden">
        <ReadAloudButton text={speech} language={state.language} />
      </div>
    );
  }
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      {state.canToggle ? (
        <button
          type="button"
          onClick={state.toggle}
          lang={state.language}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-blue-800 ring-1 ring-blue-200 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <Languages className="h-4 w-4" aria-hidden="true" />
          <FormattedMessage id={state.language === 'es' ? 'common.item.showEnglish' : 'common.item.showSpanish'} />
        </button>
      ) : (
        <p className="text-sm text-slate-600">
          <FormattedMessage id={kind === 'question' ? 'common.item.untranslated' : 'common.item.untranslatedSection'} />
        </p>
      )}
      <ReadAloudButton text={speech} language={state.language} />
    </div>
  );
}

/** What read-aloud says for a question: the stem, then each option with its letter. */
export function speechOf(
  question: string,
  options: Record<'A' | 'B' | 'C' | 'D', string>,
  more: (string | null)[] = [],
) {
  return [question, ...(['A', 'B', 'C', 'D'] as const).map((l) => `${l}. ${options[l]}`), ...more.filter(Boolean)].join(
    '\n',
  );
}

/** What read-aloud says for an item with an exhibit: the stem, then the exhibit's title and text alternative. */
export function withExhibit(question: string, exhibit: ExhibitView | null | undefined): string {
  return exhibit ? `${question}\n${exhibit.title}. ${exhibit.alt}` : question;
}

/** The viewer and its words (the `exhibit` catalogue), together. */
const loadExhibit = () => Promise.all([import('./exhibit'), loadNamespaces(['exhibit'])]).then(([module]) => module);

/**
 * Where an item's exhibit goes. Few items have one, so the viewer (figure, table, full screen) loads
 * only when one is on screen; until it has arrived — or offline, if it never was fetched — the exhibit's title
 * and text alternative stand in, which say everything needed to answer.
 */
export function ExhibitSlot({ exhibit }: { exhibit: ExhibitView | null | undefined }) {
  const { module } = useDeferredModule(loadExhibit, null, Boolean(exhibit));
  if (!exhibit) return null;
  if (module) return <module.default exhibit={exhibit} />;
  return (
    <p className="my-4 text-sm">
      <strong>{exhibit.title}</strong> {exhibit.alt}
    </p>
  );
}
