import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * A small query cache: server data lives here, keyed by string and shared between components;
 * invalidating a key prefix refetches whatever is on screen. zustand keeps UI state only.
 */
type Entry = { status: 'pending' | 'done' | 'failed'; data?: unknown; error?: unknown };
const cache = new Map<string, Entry>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

function start(key: string, fetcher: () => Promise<unknown>) {
  const pending: Entry = { status: 'pending' };
  cache.set(key, pending);
  fetcher().then(
    (data) => cache.get(key) === pending && cache.set(key, { status: 'done', data }),
    (error) => cache.get(key) === pending && cache.set(key, { status: 'failed', error }),
  ).finally(emit);
  emit();
}

export function invalidate(prefix: string) {
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
  emit();
}

export function setQueryData<T>(key: string, data: T) {
  cache.set(key, { status: 'done', data });
  emit();
}

export type QueryResult<T> = { data: T | undefined; error: unknown; loading: boolean; reload: () => void };

export function useQuery<T>(key: string | null, fetcher: () => Promise<T>): QueryResult<T> {
  const entry = useSyncExternalStore(subscribe, () => (key ? cache.get(key) : undefined));
  useEffect(() => {
    if (key && !cache.has(key)) start(key, fetcher);
    // A query is identified by its key: a new fetcher function under the same key is the same query.
  }, [key, entry]);
  const reload = useCallback(() => {
    if (key) invalidate(key);
  }, [key]);
  return { data: entry?.data as T | undefined, error: entry?.error, loading: !!key && (!entry || entry.status === 'pending'), reload };
}
