import type { ApiKeyCreated, ApiKeyView } from '@rr/proto';
import { api } from '../../../lib/api';

export const apiKeysApi = {
  list: () => api<{ items: ApiKeyView[] }>('/profile/api-keys'),
  create: (name: string) => api<ApiKeyCreated>('/profile/api-keys', { method: 'POST', body: { name } }),
  revoke: (id: string) => api<{ revoked: true }>(`/profile/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
