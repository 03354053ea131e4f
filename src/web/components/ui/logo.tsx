import { useIntl } from 'react-intl';
import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  const intl = useIntl();
  return (
    <Link
      to={to}
      aria-label={intl.formatMessage({ id: 'common.homeLink' })}
      className="flex min-h-11 min-w-11 items-center gap-2 text-lg font-extrabold tracking-tight text-slate-900"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="shrink-0" />
      <span className="hidden min-[400px]:inline">
        Torque<span className="text-blue-700">Prep</span>
      </span>
    </Link>
  );
}
