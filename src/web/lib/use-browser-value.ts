import { type Dispatch, type SetStateAction, useLayoutEffect, useState } from 'react';

/**
 * A value only the browser knows (its storage, an API the server has not got), `initial` on the first render
 * and read just after it, before the browser paints. A page the server rendered (ADR 0028, ADR 0054) then
 * hydrates as rendered, without the value, and shows it at once; a page the browser renders shows it from its
 * first paint.
 */
export function useBrowserValue<T>(read: () => T, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, on mount
  useLayoutEffect(() => setValue(read), []);
  return [value, setValue];
}
