import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/** Per history entry: `${location.key}:${name}` → its JSON value. */
const STORAGE_KEY = 'torqueprep.entry-state';
/** Keep the store small: the last 100 values are plenty for Back. */
const KEEP = 100;

function stored(): Record<string, unknown> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

function store(key: string, value: unknown) {
  const values = stored();
  delete values[key]; // re-inserted last, so the newest are the ones kept
  values[key] = value;
  const keys = Object.keys(values);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEEP))) delete values[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(values));
  } catch {
    // storage full or blocked: Back then shows the page as first opened, which is fine
  }
}

/**
 * State that belongs to the history entry it was set on (the results' filter and opened cards):
 * Back to the entry shows the page as it was left, so it is as tall as it was and RouteFocus can put the
 * scroll where the user was. A new visit to the same address (a new entry) starts from `initial`.
 */
export function useEntryState<T>(name: string, initial: T): [T, (value: T) => void] {
  const key = `${useLocation().key}:${name}`;
  const [state, setState] = useState<{ key: string; value: T }>(() => ({
    key,
    value: key in stored() ? (stored()[key] as T) : initial,
  }));
  const value = state.key === key ? state.value : key in stored() ? (stored()[key] as T) : initial;
  const set = useCallback(
    (next: T) => {
      store(key, next);
      setState({ key, value: next });
    },
    [key],
  );
  return [value, set];
}
