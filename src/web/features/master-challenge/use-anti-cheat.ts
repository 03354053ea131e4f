import { useEffect, useRef, useState } from 'react';
import type { Activity } from '../../../domain/contracts/master-challenge';
import { isWindowSizeSuspicious, MC_WINDOW_CHECK_MS } from '../../../domain/master-challenge';

/** A blur this soon before the page is hidden is the tab switch itself, not a separate focus loss. */
const BLUR_SETTLE_MS = 150;

const block = (event: Event) => event.preventDefault();

/**
 * Anti-cheat (docs/PRODUCT.md#master-challenge) while an attempt runs: counts tab switches (the page hidden), focus losses (the window
 * blurred while the page stays visible) and window-size flags (outer and inner size differing by more than
 * 160 px, checked every second, counted once each time it starts), and blocks the context menu, text
 * selection and copying. Starts from the counts the server already has (a resumed attempt); the server
 * keeps the highest counts it is sent. `latest` always holds the current counts, for the next answer.
 */
export function useAntiCheat(active: boolean, initial: Activity) {
  const [activity, setActivity] = useState<Activity>(initial);
  const latest = useRef(activity);
  latest.current = activity;

  useEffect(() => {
    if (!active) return;
    const bump = (key: keyof Activity) => setActivity((a) => ({ ...a, [key]: a[key] + 1 }));
    let blurTimer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        clearTimeout(blurTimer);
        bump('tabSwitches');
      }
    };
    const onBlur = () => {
      clearTimeout(blurTimer);
      blurTimer = setTimeout(() => {
        if (document.visibilityState === 'visible') bump('focusLosses');
      }, BLUR_SETTLE_MS);
    };
    let sizeFlagged = false;
    const checkSize = () => {
      const suspicious = isWindowSizeSuspicious(window);
      if (suspicious && !sizeFlagged) bump('windowSizeFlags');
      sizeFlagged = suspicious;
    };
    checkSize();
    const sizeTimer = setInterval(checkSize, MC_WINDOW_CHECK_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    for (const type of ['contextmenu', 'copy', 'cut', 'selectstart', 'dragstart'] as const) {
      document.addEventListener(type, block, true);
    }
    return () => {
      clearTimeout(blurTimer);
      clearInterval(sizeTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      for (const type of ['contextmenu', 'copy', 'cut', 'selectstart', 'dragstart'] as const) {
        document.removeEventListener(type, block, true);
      }
    };
  }, [active]);

  return { activity, latest };
}
