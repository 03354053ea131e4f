/**
 * Sonner's `toast`, loaded when the first toast is raised rather than with every page that may raise one
 * (issue 21's route budgets): Sonner arrives in one module with its toaster, which the app loads shortly
 * after its first render (app/toaster.tsx).
 */
import type { toast as sonnerToast } from 'sonner';

const sonner = () => import('sonner');
type Message = Parameters<typeof sonnerToast.success>[0];

export const toast = {
  success: (message: Message) => void sonner().then((module) => module.toast.success(message)),
  error: (message: Message) => void sonner().then((module) => module.toast.error(message)),
};
