import { create } from 'zustand';

export type NotificationIcon = 'info' | 'success' | 'warning' | 'error';
export type Notification = { id: string; icon: NotificationIcon; message: string; timeout: number; createdAt: number };

/** Spec §9: notifications close after 10 000 ms unless told otherwise. */
export const DEFAULT_TIMEOUT_MS = 10_000;

type Notifications = {
  items: Notification[];
  notify: (message: string, options?: { icon?: NotificationIcon; timeout?: number }) => string;
  dismiss: (id: string) => void;
};

const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random()).slice(2));

export const useNotifications = create<Notifications>((set) => ({
  items: [],
  notify: (message, { icon = 'info', timeout = DEFAULT_TIMEOUT_MS } = {}) => {
    const id = newId();
    set((s) => ({ items: [...s.items.filter((n) => n.message !== message), { id, icon, message, timeout, createdAt: Date.now() }] }));
    return id;
  },
  dismiss: (id) => set((s) => ({ items: s.items.filter((n) => n.id !== id) })),
}));

export const notify = (...args: Parameters<Notifications['notify']>) => useNotifications.getState().notify(...args);
