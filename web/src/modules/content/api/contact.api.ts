import { api } from '../../../lib/api';

export const sendContact = (body: { name: string; email: string; message: string; subject?: string }) =>
  api<{ id: string; message: string }>('/contact', { method: 'POST', body });
