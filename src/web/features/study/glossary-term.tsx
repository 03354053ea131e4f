import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { GlossaryEntry } from '../../../domain/content/glossary';

/**
 * A term the guide defines elsewhere, marked in running text (readability): a tap opens its
 * definition, with a link to the section that explains it.
 */
export function GlossaryTerm({ text, entry, guideCode }: { text: string; entry: GlossaryEntry; guideCode: string }) {
  const intl = useIntl();
  return (
    <Dialog.Root>
      <Dialog.Trigger
        // The word stays in its line, and an invisible margin makes the tap target 44 px tall.
        className="relative cursor-help rounded-sm text-left underline after:absolute after:-inset-x-1 after:-inset-y-[calc((44px_-_100%)_/_2)] after:content-[''] decoration-blue-700 decoration-dotted decoration-2 underline-offset-4 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        aria-label={intl.formatMessage({ id: 'study.glossary.open' }, { term: text })}
      >
        {text}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-2xl bg-white p-5 shadow-xl sm:top-1/3 sm:bottom-auto">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-bold text-slate-900">{entry.term}</Dialog.Title>
            <Dialog.Close
              className="-m-2 inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-slate-100"
              aria-label={intl.formatMessage({ id: 'common.close' })}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-base leading-relaxed text-slate-800">
            {entry.definition.replace(/\*\*/g, '')}
          </Dialog.Description>
          <Dialog.Close asChild>
            <Link
              to={`/app/study/${guideCode}/${entry.chapter}/${entry.section}`}
              className="mt-4 inline-flex min-h-11 items-center font-medium text-blue-800 underline"
            >
              <FormattedMessage id="study.glossary.goTo" values={{ number: `${entry.chapter}.${entry.section}` }} />
            </Link>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
