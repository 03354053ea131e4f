import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-300',
  accent: 'bg-amber-400 text-slate-900 hover:bg-amber-300 disabled:bg-amber-200',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
};
const sizes: Record<Size, { base: string; padding: string }> = {
  // Tap targets: every control >= 44 px, primary actions >= 48 px.
  sm: { base: 'min-h-11 text-sm', padding: 'px-4' },
  md: { base: 'min-h-12 text-base', padding: 'px-5' },
  lg: { base: 'min-h-14 text-base', padding: 'px-6' },
};

/** A class list that sets horizontal padding without a breakpoint (`p-0`, `px-2`, `!pl-3` …). */
const OWN_PADDING = /(?:^|\s)!?p[xlrse]?-/;

/**
 * The button's classes. Padding the caller gives replaces the size's own: Tailwind orders utilities by their
 * value, not by where they are written, so `px-5 px-2` would keep `px-5` and squeeze an icon-only button.
 */
export function buttonClass(variant: Variant = 'primary', size: Size = 'md', extra = '') {
  const { base, padding } = sizes[size];
  const own = OWN_PADDING.test(extra);
  return `inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${base}${own ? '' : ` ${padding}`} ${extra}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export function Button({ variant, size, className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  size?: Size;
}

export function ButtonLink({ variant, size, className = '', ...props }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, size, className as string)} {...props} />;
}
