import type { Offer } from '@rr/proto/src/domain/offer';
import { api } from '../../../lib/api';

export const offersApi = {
  get: (id: string) => api<Offer>(`/offers/${encodeURIComponent(id)}`, { auth: false }),
  alternatives: async (id: string) => {
    const data = await api<{ items: Offer[] } | Offer[]>(`/offers/${encodeURIComponent(id)}/alternatives?limit=6`, { auth: false });
    return Array.isArray(data) ? data : data.items;
  },
};
