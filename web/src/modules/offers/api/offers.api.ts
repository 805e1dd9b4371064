import type { Offer, OfferView } from '@rr/proto';
import { api } from '../../../lib/api';

export const offersApi = {
  get: (id: string) => api<Offer>(`/offers/${encodeURIComponent(id)}`, { auth: false }),
  /** With the session: a non-public offer in full for the entitled tiers, its teaser for others. */
  getAsMember: (id: string) => api<OfferView>(`/offers/${encodeURIComponent(id)}`),
  alternatives: async (id: string) => {
    const data = await api<{ items: Offer[] } | Offer[]>(`/offers/${encodeURIComponent(id)}/alternatives?limit=6`, { auth: false });
    return Array.isArray(data) ? data : data.items;
  },
};
