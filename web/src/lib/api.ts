import type { ApiErrorBody, ErrorCode } from '@rr/proto';
import { useLocaleStore } from '../i18n/locale.store';

/** A failed API call: HTTP status, the proto error code and the per-field messages, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

let tokenOf: () => string | null = () => null;
/** The session store registers itself here so that every call carries the bearer token. */
export const setTokenProvider = (provider: () => string | null) => {
  tokenOf = provider;
};

type Options = { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal; auth?: boolean };

/** Calls `/api…`; resolves with the `data` of `{data}` answers, rejects with ApiError otherwise. */
export async function api<T>(path: string, { method = 'GET', body, signal, auth = true }: Options = {}): Promise<T> {
  // The API answers its messages in the person's language.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': useLocaleStore.getState().locale };
  // A Blob (a file) goes as its own bytes; anything else as JSON.
  const raw = body instanceof Blob;
  if (body !== undefined) headers['content-type'] = raw ? body.type || 'application/octet-stream' : 'application/json';
  const token = auth ? tokenOf() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : raw ? body : JSON.stringify(body), signal });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', 'network error');
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const error = (json as ApiErrorBody | null)?.error;
    throw new ApiError(response.status, error?.code ?? 'INTERNAL', error?.message ?? response.statusText, error?.fields ?? {});
  }
  return (json as { data: T } | null)?.data as T;
}
