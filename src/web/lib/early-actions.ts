type Held = { form: HTMLFormElement; submitter: HTMLElement | null } | { button: HTMLElement };

export type EarlyActions = {
  /** The elements the held actions need to be React's before they can be done again. */
  targets(): HTMLElement[];
  /** Stops holding; with `replay`, does each held action again (React hears them), else lets a form post itself. */
  release(replay: boolean): void;
};

/**
 * A server-rendered entry page (ADR 0028) is plain HTML until React has hydrated it, and a button pressed in
 * that moment (an answer tapped, Sign In pressed) would do nothing, or post the form to the server, which only
 * sends the empty page back. `holdEarlyActions` holds each such press and form submission from the moment the
 * app's script runs, before its page has loaded, so that `release(true)` does them again once React hears them
 * (after the typed values are told to it: see early-input.ts). A link is left alone: it works as HTML.
 */
export function holdEarlyActions(root: HTMLElement): EarlyActions {
  const held: Held[] = [];
  const hold = (event: Event) => {
    const button =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>('button, input[type="submit"], input[type="button"]')
        : null;
    const action: Held | null =
      event instanceof SubmitEvent && event.target instanceof HTMLFormElement
        ? { form: event.target, submitter: event.submitter }
        : button && { button };
    if (!action) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const last = held.at(-1);
    // A press repeated while nothing answers is one press.
    if (last && 'button' in last && 'button' in action && last.button === action.button) return;
    held.push(action);
  };
  root.addEventListener('click', hold, true);
  root.addEventListener('submit', hold, true);
  return {
    targets: () => held.map((action) => ('button' in action ? action.button : action.form)),
    release(replay) {
      root.removeEventListener('click', hold, true);
      root.removeEventListener('submit', hold, true);
      for (const action of held.splice(0)) {
        if ('button' in action) {
          if (replay && action.button.isConnected) action.button.click();
        } else if (action.form.isConnected) {
          // Without React (its page failed to load), the form posts as HTML does.
          action.form.requestSubmit(action.submitter?.isConnected ? action.submitter : null);
        }
      }
    },
  };
}
