import type { DeliverySettingsBody, DeliverySettingsView, MembersAnswer, MemberView, SharedFilterView, FilterView, DeliveryMode } from '@rr/proto';
import { api } from '../../../lib/api';

const one = (id: string) => `/filters/${encodeURIComponent(id)}`;

/** The account service's delivery and sharing API (issue 19). */
export const deliveryApi = {
  settings: () => api<DeliverySettingsView>('/profile/delivery'),
  saveSettings: (body: DeliverySettingsBody) => api<DeliverySettingsView & { message: string }>('/profile/delivery', { method: 'PUT', body }),
  setMode: (id: string, deliveryMode: DeliveryMode) => api<FilterView>(one(id), { method: 'PATCH', body: { deliveryMode } }),
  members: (id: string) => api<MembersAnswer>(`${one(id)}/members`),
  invite: (id: string, email: string) => api<MembersAnswer & { member: MemberView }>(`${one(id)}/members`, { method: 'POST', body: { email } }),
  removeMember: (id: string, email: string) => api<MembersAnswer>(`${one(id)}/members/${encodeURIComponent(email)}`, { method: 'DELETE' }),
  shared: async () => (await api<{ items: SharedFilterView[] }>('/filters/shared')).items,
  setSharedMode: (id: string, deliveryMode: DeliveryMode) => api<{ message: string }>(`/filters/shared/${encodeURIComponent(id)}`, { method: 'PUT', body: { deliveryMode } }),
  leaveShared: (id: string) => api<{ message: string }>(`/filters/shared/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** From the link in an alert: the signed token stands in for a login. */
  leaveByLink: (id: string, email: string, token: string) =>
    api<{ message: string }>(`${one(id)}/members/leave?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`, { method: 'POST', auth: false }),
};
