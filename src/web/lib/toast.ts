/**
 * Sonner's `toast`, loaded when the first toast is raised rather than with every page that may raise one
 * (the route budgets in tests/e2e/route-budget.e2e.ts): Sonner arrives in one module with its toaster, which the app loads shortly
 * after its first render (app/toaster.tsx).
 */
import type { toast as sonnerToast } from 'sonner';

/** Sonner itself, for the toaster too (app/toaster.tsx): one module, loaded once. */
export const loadSonner = () => import('sonner');
type Message = Parameters<typeof sonnerToast.success>[0];

// Sonner is loaded a moment after the app starts (app/toaster.tsx), so this import is nearly always a cache hit;
// a toast raised offline before it ever arrived is dropped rather than thrown.
const raise = (show: (module: typeof import('sonner')) => void) => void loadSonner().then(show, () => undefined);

export const toast = {
  success: (message: Message) => raise((module) => module.toast.success(message)),
  error: (message: Message) => raise((module) => module.toast.error(message)),
};
