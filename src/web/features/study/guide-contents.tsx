import { CheckCircle2, ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { StudyGuide } from '../../../domain/contracts/practice';
import { Button } from '../../components/ui/button';
import { DialogFrame } from '../../components/ui/dialog-frame';

/** The table of contents with read ticks: the sticky sidebar on a desktop, the Contents drawer on a phone. */
export function Contents({
  guide,
  chapter,
  section,
  read,
}: {
  guide: StudyGuide;
  chapter: number;
  section: number;
  read: Set<string>;
}) {
  const intl = useIntl();
  const code = guide.category.code;
  return (
    <nav aria-label={intl.formatMessage({ id: 'study.contents.label' })}>
      <ol className="space-y-4 text-sm">
        {guide.chapters.map((c) => (
          <li key={c.number}>
            <p className="font-semibold text-slate-900">
              {c.number}. {c.title}
            </p>
            <ol className="mt-1 space-y-0.5">
              {c.sections.map((s) => {
                const current = c.number === chapter && s.number === section;
                const done = read.has(`${c.number}.${s.number}`);
                return (
                  <li key={s.number}>
                    <Link
                      to={`/app/study/${code}/${c.number}/${s.number}`}
                      aria-current={current ? 'page' : undefined}
                      className={`flex min-h-11 items-center gap-2 rounded-lg px-2 py-1.5 ${current ? 'bg-blue-50 font-semibold text-blue-900' : 'text-slate-800 hover:bg-slate-50'}`}
                    >
                      <span className="flex-1">
                        {c.number}.{s.number} {s.title}
                      </span>
                      {done && (
                        <CheckCircle2
                          role="img"
                          className="h-4 w-4 shrink-0 text-green-700"
                          aria-label={intl.formatMessage({ id: 'study.contents.read' })}
                        />
                      )}
                    </Link>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The contents on a phone: a Contents button that opens them in a drawer from the bottom. A link in the drawer
 * closes it as it navigates; focus then stays on the new section's heading, not on the button.
 */
export function ContentsDrawer({
  guide,
  chapter,
  section,
  read,
  description,
}: {
  guide: StudyGuide;
  chapter: number;
  section: number;
  read: Set<string>;
  description: string;
}) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const navigated = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the section changes
  useEffect(() => {
    navigated.current = true;
    setOpen(false);
  }, [pathname]);
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" className="mt-2 w-full justify-between lg:hidden">
          <FormattedMessage id="study.contents.open" />
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        </Button>
      }
      focus={{
        onOpenAutoFocus: () => {
          navigated.current = false;
        },
        onCloseAutoFocus: (event) => {
          if (navigated.current) event.preventDefault();
        },
      }}
      className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-white p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-xl focus:outline-none"
      title={<FormattedMessage id="study.contents.title" />}
      description={description}
      descriptionClassName="sr-only"
      closeLabel={intl.formatMessage({ id: 'common.close' })}
    >
      <Contents guide={guide} chapter={chapter} section={section} read={read} />
    </DialogFrame>
  );
}
