import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { loadNamespaces } from '../../i18n/catalogue-store';
import { useDeferredModule } from '../../lib/use-deferred-module';
import { useUnreadCount } from './api';
import { badgeCount } from './format';
import { type NotificationHome, notificationsPath } from './keys';

// The centre and its words load when the bell is first pressed (the route budgets in tests/e2e/route-budget.e2e.ts).
const loadPanel = () =>
  Promise.all([import('./notification-panel'), loadNamespaces(['notifications'])]).then(([panel]) => panel);

/**
 * The live bell: the unread count as a badge, kept fresh by polling (ADR 0043), and the
 * notification centre in a panel when pressed. Its name carries the count, which the badge only shows.
 * Loaded just after the header (notification-bell.tsx), so no page carries its code.
 */
export default function BellButton({ home }: { home: NotificationHome }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const unread = useUnreadCount().data ?? 0;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const { module: panel, failed } = useDeferredModule(loadPanel, null, used);
  const badge = badgeCount(unread);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open && panel !== null}
        aria-label={intl.formatMessage({ id: 'common.notifications.bell' }, { count: unread })}
        onClick={() => {
          // Without its panel (its file could not load, offline) the bell opens the centre's page instead.
          if (failed) navigate(notificationsPath(home));
          setUsed(true);
          setOpen(true);
        }}
        className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {badge && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {badge}
          </span>
        )}
      </button>
      {used && panel && <panel.default open={open} onOpenChange={setOpen} home={home} />}
    </>
  );
}
