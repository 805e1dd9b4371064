import type { TeamView } from '@rr/proto';
import { api } from '../../../lib/api';

export const teamApi = {
  view: () => api<TeamView>('/profile/team'),
  add: (email: string) => api<TeamView>('/profile/team', { method: 'POST', body: { email } }),
  remove: (memberId: string) => api<TeamView>(`/profile/team/${encodeURIComponent(memberId)}`, { method: 'DELETE' }),
};
