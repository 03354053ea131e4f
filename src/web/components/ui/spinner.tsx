import { FormattedMessage } from 'react-intl';

/** A loading indicator; `label` is already-translated text, else "Loading…". */
export function Spinner({ label }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-slate-600">
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-blue-700"
        aria-hidden="true"
      />
      <span className="text-sm">{label ?? <FormattedMessage id="common.loading" />}</span>
    </div>
  );
}

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <Spinner label={label} />
    </main>
  );
}
