import type { EarlyActions } from './early-actions';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * A server-rendered entry page (ADR 0028) shows its forms before React has hydrated them, and what a visitor
 * does in that moment (a role chosen, a language picked, a field typed) fires events no React handler hears;
 * hydrating may even put a select back to the server's value. `takeEarlyInput` notes each control that no
 * longer holds what the server sent, and every change until hydration, and returns the step that tells React
 * about them once it has hydrated: text through an `input` event, a select through `change`, a radio or checkbox through a
 * click. React ignores an event whose value it has already seen (its per-element value tracker, set when it
 * hydrated), so a text control is first put back to the server's value through React's own setter, then set to
 * the visitor's through the element's native one; a checkbox or radio is unchecked the same way, then clicked.
 * Then the buttons pressed and forms sent meanwhile (`actions`, held since the app's script ran) are done again.
 */
export function takeEarlyInput(root: HTMLElement, actions: EarlyActions): () => void {
  const changed = new Map<Control, { value: string; checked: boolean }>();
  const note = (control: Control) => {
    if (control instanceof HTMLInputElement && control.type === 'radio' && !control.checked) return;
    if (control instanceof HTMLInputElement && (control.type === 'hidden' || control.type === 'file')) return;
    changed.set(control, { value: control.value, checked: control instanceof HTMLInputElement && control.checked });
  };
  // What was done before this script ran: controls that no longer hold what the server sent.
  for (const control of root.querySelectorAll<Control>('input, select, textarea')) {
    if (control instanceof HTMLSelectElement) {
      const sent = [...control.options].find((o) => o.defaultSelected) ?? control.options[0];
      if (sent && control.value !== sent.value) note(control);
    } else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked !== control.defaultChecked) note(control);
    } else if (control.value !== control.defaultValue) {
      note(control);
    }
  }
  // And until React has hydrated (hydrating may put a select back to the server's value): every change, as it happens.
  const heard = (event: Event) => {
    const control = event.target;
    if (
      control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement ||
      control instanceof HTMLTextAreaElement
    )
      note(control);
  };
  root.addEventListener('input', heard, true);
  root.addEventListener('change', heard, true);
  const tellReact = () => {
    root.removeEventListener('input', heard, true);
    root.removeEventListener('change', heard, true);
    for (const [control, { value, checked }] of changed) {
      if (!control.isConnected) continue;
      if (control instanceof HTMLSelectElement) {
        control.value = value;
        control.dispatchEvent(new Event('change', { bubbles: true }));
      } else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
        control.checked = !checked;
        control.click();
      } else {
        control.value = control.defaultValue;
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(control, value);
        control.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
    actions.release(true);
  };
  // The page sits in a Suspense boundary that React hydrates after the root commits: wait (a frame at a time, 5 s
  // at most) until each control is React's (its fiber key, `__reactFiber$…`), or its events would go unheard.
  const isReacts = (element: HTMLElement) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  const whenHydrated = (framesLeft: number) => {
    const waiting = [...changed.keys(), ...actions.targets()].some(
      (element) => element.isConnected && !isReacts(element),
    );
    if (waiting && framesLeft > 0) requestAnimationFrame(() => whenHydrated(framesLeft - 1));
    // One frame more: React marks an element its own while it renders, and commits the boundary after.
    else requestAnimationFrame(tellReact);
  };
  return () => whenHydrated(300);
}
