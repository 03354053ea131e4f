import { Eye, EyeOff } from 'lucide-react';
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { useMessageText } from '../../i18n/i18n-provider';

interface FieldProps {
  label: ReactNode;
  /** A contract's message as zod gives it (English); shown in the user's language. */
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled form control with its hint and error wired up for screen readers. */
export function Field({ label, error: message, hint, children }: FieldProps) {
  const id = useId();
  const error = useMessageText()(message);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const control =
  'block min-h-12 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none aria-[invalid=true]:border-red-600';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className = '', ...props },
  ref,
) {
  return <input ref={ref} className={`${control} ${className}`} {...props} />;
});

/**
 * A password field with a Show/Hide toggle (issue 22): typing a password on a phone, with gloves, is easier
 * when it can be checked. The toggle is a real button beside the field (44 px), announced by its label.
 */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function PasswordInput({ className = '', ...props }, ref) {
    const [shown, setShown] = useState(false);
    const intl = useIntl();
    const label = intl.formatMessage({ id: shown ? 'common.hidePassword' : 'common.showPassword' });
    return (
      <div className="relative">
        <input ref={ref} type={shown ? 'text' : 'password'} className={`${control} pr-14 ${className}`} {...props} />
        <button
          type="button"
          onClick={() => setShown((v) => !v)}
          aria-pressed={shown}
          title={label}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          {shown ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
          {/* Named by its text, not aria-label, so the field's own label stays the only one naming "Password". */}
          <span className="sr-only">{label}</span>
        </button>
      </div>
    );
  },
);

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className = '', ...props },
  ref,
) {
  return <select ref={ref} className={`${control} ${className}`} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className = '', ...props },
  ref,
) {
  return <textarea ref={ref} className={`${control} ${className}`} {...props} />;
});

/** The red box in which server and form-level errors are shown (SPEC §8); English contract messages are translated. */
export function ErrorBox({ message: text }: { message: string | null | undefined }) {
  const message = useMessageText()(text);
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </div>
  );
}
