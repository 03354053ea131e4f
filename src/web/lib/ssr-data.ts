import { SSR_DATA_ELEMENT_ID } from '../../domain/entry-pages';

/**
 * Data a prerendered page was rendered with (scripts/prerender.ts writes it into the page as
 * `<script type="application/json" id="ssr-data">`, which is data, not script, so the CSP allows it). A page
 * starts from it so its hydration render equals the server's HTML (ADR 0028); it still asks the API, which
 * stays the authority.
 */

let provided: Record<string, unknown> | undefined;

/** Build time: the data the next server render reads. */
export function provideSsrData(data: Record<string, unknown>) {
  provided = data;
}

export function ssrData<T>(key: string): T | undefined {
  if (provided === undefined && typeof document !== 'undefined') {
    const text = document.getElementById(SSR_DATA_ELEMENT_ID)?.textContent;
    try {
      provided = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      provided = {};
    }
  }
  return provided?.[key] as T | undefined;
}
