import type { CreateFilterAnswer, FilterView, UpdateFilterBody } from '@rr/proto/src/api/filters';
import type { Locale } from '@rr/proto/src/domain/enums';
import type { WatchdogCriteriaInput } from '@rr/proto/src/domain/watchdog';
import { api } from '../../../lib/api';

const one = (id: string) => `/filters/${encodeURIComponent(id)}`;

export const filtersApi = {
  create: (body: { criteria: WatchdogCriteriaInput; email?: string; locale: Locale; force?: boolean }) =>
    api<CreateFilterAnswer>('/filters', { method: 'POST', body }),
  list: async () => {
    const data = await api<FilterView[] | { items: FilterView[] }>('/filters');
    return Array.isArray(data) ? data : data.items;
  },
  get: (id: string) => api<FilterView>(one(id)),
  update: (id: string, body: UpdateFilterBody) => api<FilterView>(one(id), { method: 'PATCH', body }),
  remove: (id: string) => api<unknown>(one(id), { method: 'DELETE' }),
  disable: (id: string) => api<FilterView>(`${one(id)}/disable`, { method: 'POST' }),
  enable: (id: string) => api<FilterView>(`${one(id)}/enable`, { method: 'POST' }),
  /** From an e-mail link: the link token stands in for a login. */
  unsubscribe: (id: string, token: string) => api<unknown>(`${one(id)}/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST', auth: false }),
  prolong: (id: string, token: string) => api<unknown>(`${one(id)}/prolong?token=${encodeURIComponent(token)}`, { method: 'POST', auth: false }),
  publicStatus: (id: string, token: string) => api<FilterView>(`${one(id)}?token=${encodeURIComponent(token)}`, { auth: false }),
};
