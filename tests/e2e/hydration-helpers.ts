import type { BrowserContext, Page } from 'playwright-core';

/**
 * The page's own element (the toaster comes and goes beside it; React's image preload is not the page) as a
 * canonical outline: elements with their attributes sorted, adjacent text joined, comments left out, and React's
 * generated ids made alike (hydration keeps the server's, a client render makes its own).
 */
export async function renderedPage(page: Page): Promise<string> {
  const outline = await page.evaluate(() => {
    const describe = (node: Node): string => {
      if (!(node instanceof Element)) return '';
      // An option's `selected` is an attribute in the server's HTML and a property after a client render: the
      // select's value is compared instead.
      const value = node instanceof HTMLSelectElement ? [`value="${node.value}"`] : [];
      const attributes = [...node.attributes]
        .filter((a) => a.name !== 'selected')
        // A style as the browser reads it: the server writes `width:20%`, a client render `width: 20%;`.
        .map((a) => `${a.name}="${a.name === 'style' ? (node as HTMLElement).style.cssText : a.value}"`)
        .concat(value)
        .sort()
        .join(' ');
      let children = '';
      let text = '';
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) text += child.textContent ?? '';
        else if (child.nodeType === Node.ELEMENT_NODE) {
          children += `${text}${describe(child)}`;
          text = '';
        }
      }
      return `<${node.tagName} ${attributes}>${children}${text}</${node.tagName}>`;
    };
    const element = [...(document.getElementById('root')?.children ?? [])].find((e) => e.tagName !== 'LINK');
    return element ? describe(element) : '';
  });
  return outline.replace(/«[^»]*»|_[rR]_[a-z0-9]*_/g, 'ID');
}

/**
 * Hydrated: React has attached itself to the server's elements (its fiber key on the page's element; the image
 * preload React's server renderer puts first stays as it is).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const element = [...(document.getElementById('root')?.children ?? [])].find((e) => e.tagName !== 'LINK');
    return element ? Object.keys(element).some((key) => key.startsWith('__reactFiber')) : false;
  });
}

/** From each page's first paint on, its layout shifts summed as Lighthouse's CLS sums them (no input meanwhile). */
export async function recordLayoutShifts(context: BrowserContext) {
  await context.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's layout shifts so far (recordLayoutShifts). */
export function layoutShifted(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total);
}
