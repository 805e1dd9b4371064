import type { CreateFilterAnswer, FilterView, KeepFiltersAnswer, UpdateFilterBody, Locale, WatchdogCriteriaInput } from '@rr/proto';
import { api } from '../../../lib/api';

/** Disable, enable, prolong and unsubscribe answer the watchdog and a message in the person's language. */
export type FilterAction = { filter: FilterView; message: string };

const one = (id: string) => `/filters/${encodeURIComponent(id)}`;

export const filtersApi = {
  create: (body: { criteria: WatchdogCriteriaInput; email?: string; locale: Locale; force?: boolean }) =>
    api<CreateFilterAnswer>('/filters', { method: 'POST', body }),
  list: async () => {
    const data = await api<FilterView[] | { items: FilterView[] }>('/filters');
    return Array.isArray(data) ? data : data.items;
  },
  /** The watchdogs that stay on when the plan's limit is lower than their number. */
  keep: (ids: string[]) => api<KeepFiltersAnswer>('/filters/kept', { method: 'PUT', body: { ids } }),
  get: (id: string) => api<FilterView>(one(id)),
  update: (id: string, body: UpdateFilterBody) => api<FilterView>(one(id), { method: 'PATCH', body }),
  remove: (id: string) => api<{ deleted: boolean; message: string }>(one(id), { method: 'DELETE' }),
  disable: (id: string) => api<FilterAction>(`${one(id)}/disable`, { method: 'POST' }),
  enable: (id: string) => api<FilterAction>(`${one(id)}/enable`, { method: 'POST' }),
  /** From an e-mail link: the link token stands in for a login. */
  unsubscribe: (id: string, token: string | null) => api<FilterAction>(`${one(id)}/unsubscribe${token ? `?token=${encodeURIComponent(token)}` : ''}`, { method: 'POST' }),
  prolong: (id: string, token: string | null) => api<FilterAction>(`${one(id)}/prolong${token ? `?token=${encodeURIComponent(token)}` : ''}`, { method: 'POST' }),
};
