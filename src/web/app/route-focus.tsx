import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, so Back returns there (survives a reload of the tab). */
const STORAGE_KEY = 'torqueprep.scroll';
/** How long to wait for a lazy page's heading or height to appear. */
const WAIT_MS = 2000;
/**
 * How long Back waits for the page to grow tall enough to return to the saved place: a slow phone may take
 * longer than WAIT_MS to load the page's data. The wait ends as soon as the user scrolls themselves.
 */
const RESTORE_WAIT_MS = 10_000;
/** What a user does to scroll a page themselves. */
const USER_SCROLL_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number) {
  const positions = savedPositions();
  positions[key] = y;
  // Keep the store small: the last 50 entries are plenty for Back.
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - 50))) delete positions[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // storage full or blocked: Back then opens at the top, which is fine
  }
}

/** Runs `attempt` on every animation frame until it returns true or the wait is over. */
function retry(attempt: () => boolean, waitMs = WAIT_MS): () => void {
  const until = performance.now() + waitMs;
  let frame = 0;
  const step = () => {
    if (attempt() || performance.now() > until) return;
    frame = requestAnimationFrame(step);
  };
  step();
  return () => cancelAnimationFrame(frame);
}

/** The page's title heading: its main heading. */
function titleHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/** Where focus goes on a new page: `[data-route-focus]` when a page names one, else its title heading. */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-route-focus]') ?? titleHeading();
}

/**
 * A link to an in-page anchor (`/app/profile#certifications-title`): scroll to it and focus it once it is there,
 * and keep it there while what is above it loads (a spinner that becomes a form pushed it off the screen). Ends
 * when the user scrolls, clicks or types, or after RESTORE_WAIT_MS.
 */
function goToAnchor(id: string): () => void {
  let userActed = false;
  const onUserAction = () => {
    userActed = true;
  };
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, onUserAction, { passive: true });
  let placedAt: number | null = null;
  const stop = retry(() => {
    if (userActed) return true;
    const target = document.getElementById(id);
    if (!target) return false;
    if (placedAt === null) {
      if (!target.hasAttribute('tabindex') && !target.matches('a[href], button, input, select, textarea')) {
        target.setAttribute('tabindex', '-1');
      }
      target.focus({ preventScroll: true });
    }
    // Scrolled again only when the layout moved it: a page too short to bring it to the top is left alone.
    if (placedAt === null || Math.abs(target.getBoundingClientRect().top - placedAt) > 1) {
      // At once, not the page's smooth scrolling: the next frame compares where it is.
      target.scrollIntoView({ behavior: 'instant' });
      placedAt = target.getBoundingClientRect().top;
    }
    return false;
  }, RESTORE_WAIT_MS);
  return () => {
    stop();
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, onUserAction);
  };
}

/** The brand after each page's own name in the tab title: "Analytics · TorquePrep". */
const BRAND = 'TorquePrep';

/**
 * The tab title names the page (WCAG 2.4.2): its heading, then the brand. The homepage keeps the site's
 * own title (the one the prerendered file and search results carry). Waits for a lazy page's heading.
 */
function useDocumentTitle(pathname: string, key: string) {
  // No document while a page is rendered to HTML at build time (ADR 0028).
  const siteTitle = useRef(typeof document === 'undefined' ? '' : document.title);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry
  useEffect(() => {
    if (pathname === '/') {
      document.title = siteTitle.current;
      return;
    }
    return retry(() => {
      // The title heading, not the element focus goes to (in a test that is the question).
      const name = titleHeading()?.textContent?.replace(/\s+/g, ' ').trim();
      if (!name) return false;
      document.title = `${name} · ${BRAND}`;
      return true;
    });
  }, [key]);
}

/**
 * One place for every route change (STYLE "Screens that feel finished"): a new page opens at the top
 * with focus on its heading, so a screen reader announces it and the keyboard starts there; Back and
 * Forward return to where the user was. Links to an in-page anchor scroll to the anchor instead.
 */
export function RouteFocus() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  useDocumentTitle(location.pathname, location.key);

  // Remember where each entry is scrolled to, as it scrolls (the page may unmount before we hear of it;
  // browsers send scroll events once a frame at most). The entry is read when the position is saved: a
  // listener per entry, removed only after the next page's layout had scrolled to the top, saved that 0 for
  // the entry being left on a slow machine.
  const entry = useRef(location.key);
  useEffect(() => {
    const onScroll = () => savePosition(entry.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    if (!('scrollRestoration' in history)) return;
    history.scrollRestoration = 'manual';
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry
  useLayoutEffect(() => {
    entry.current = location.key;
    const isFirst = first.current;
    first.current = false;
    if (location.hash) return goToAnchor(decodeURIComponent(location.hash.slice(1)));
    // The first page of a visit: the browser has just put it at the top; focus stays where browsers put it.
    if (isFirst) return;
    if (navigationType === 'POP') {
      const y = savedPositions()[location.key] ?? 0;
      // The user scrolling meanwhile ends the wait: never pull the page out from under them. (Not a change
      // of scrollY: the browser moves it too, when the page being left is replaced by a shorter one.)
      let userScrolled = false;
      const onUserScroll = () => {
        userScrolled = true;
      };
      for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, onUserScroll, { passive: true });
      const stop = retry(() => {
        if (userScrolled) return true;
        // A lazy page may not be tall enough yet: wait until it is.
        if (document.documentElement.scrollHeight - window.innerHeight < y) return false;
        window.scrollTo({ top: y, behavior: 'instant' });
        return true;
      }, RESTORE_WAIT_MS);
      return () => {
        stop();
        for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, onUserScroll);
      };
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return retry(() => {
      // A menu or drawer that led here closes after this render: its focus trap would pull focus back.
      if (document.querySelector('[role="dialog"]')) return false;
      const heading = pageHeading();
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    });
  }, [location.key]);

  return null;
}
