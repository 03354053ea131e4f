import { useEffect, useMemo, useRef } from 'react';

/**
 * Focus back to whatever opened a dialog that has no Radix trigger (a controlled dialog opened from a button
 * of the page): Radix returns focus only to its own `Dialog.Trigger`, else it is left on the page's body.
 * Spread on `Dialog.Content`; one per dialog. A dialog opened from another that has just closed (focus is on
 * the body by then) returns to `fallback`, e.g. what opened the first. When the opener is gone (the dialog's
 * action left the page), Radix's default stands.
 */
export function useFocusReturn(fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  return useMemo(
    () => ({
      onOpenAutoFocus: () => {
        // Radix calls this before it moves focus into the dialog: focus is still on the opener.
        const active = document.activeElement;
        opener.current =
          active instanceof HTMLElement && active !== document.body ? active : (fallbackRef.current?.() ?? null);
      },
      onCloseAutoFocus: (event: Event) => {
        const target = opener.current;
        opener.current = null;
        if (!target?.isConnected) return;
        event.preventDefault();
        target.focus();
      },
    }),
    [],
  );
}

/**
 * Focus on a heading that replaced what had focus (a test's results after its Submit, whose button is gone):
 * a screen reader announces the new content and the keyboard starts there. Only when `replaced` (the page
 * showed something else before: on a page's first load focus stays where the browser puts it, as RouteFocus
 * leaves it) and focus was lost to the page's body, so it never takes focus from where the user put it.
 */
export function useFocusWhenLost<T extends HTMLElement>(replaced: boolean) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the heading first shows
  useEffect(() => {
    const element = ref.current;
    if (!replaced || !element || (document.activeElement && document.activeElement !== document.body)) return;
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus();
  }, []);
  return ref;
}
