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
import { FormattedMessage } from 'react-intl';
import { useMessage } from '../../i18n/i18n-provider';

interface FieldProps {
  label: ReactNode;
  /** A contract's message id as zod gives it (or words already translated); shown in the user's language. */
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled form control with its hint and error wired up for screen readers. */
export function Field({ label, error: message, hint, children }: FieldProps) {
  const id = useId();
  const error = useMessage()(message);
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
 * A password input with a Show/Hide toggle: typing a password with gloves on a phone is hard
 * enough without typing it blind. The toggle is a real button, pressed state announced.
 */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function PasswordInput({ className = '', ...props }, ref) {
    const [shown, setShown] = useState(false);
    return (
      <div className="relative">
        <input
          ref={ref}
          type={shown ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={`${control} pr-28 ${className}`}
          {...props}
        />
        {/* The name is its content ("Show password", the last word for screen readers only), so the field's own
            label stays the only label that says "Password". */}
        <button
          type="button"
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
          className="absolute inset-y-1 right-1 inline-flex min-w-11 items-center justify-center gap-1 rounded-md px-2 text-sm font-semibold text-blue-800 hover:bg-blue-50 focus:ring-2 focus:ring-blue-600/40 focus:outline-none"
        >
          {shown ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
          <FormattedMessage
            id="common.showPassword"
            values={{ hidden: (chunks) => <span className="sr-only">{chunks}</span> }}
          />
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

/** The red box in which server and form-level errors are shown; a contract's message id is translated. */
export function ErrorBox({ message: text }: { message: string | null | undefined }) {
  const message = useMessage()(text);
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </div>
  );
}
