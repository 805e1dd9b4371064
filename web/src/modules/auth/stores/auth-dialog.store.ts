import { create } from 'zustand';
import type { AuthForm } from '../opening';

type AuthDialog = {
  form: AuthForm | null;
  /** Values carried into the form (magic and e-mail from the link). */
  magic: string | null;
  email: string | null;
  /** Opened by a page that needs a login: after it, stay on that page instead of going to my watchdogs. */
  stay: boolean;
  open: (form: AuthForm, values?: { magic?: string | null; email?: string | null; stay?: boolean }) => void;
  switchTo: (form: AuthForm) => void;
  close: () => void;
};

export const useAuthDialog = create<AuthDialog>((set) => ({
  form: null,
  magic: null,
  email: null,
  stay: false,
  open: (form, values = {}) => set({ form, magic: values.magic ?? null, email: values.email ?? null, stay: values.stay ?? false }),
  switchTo: (form) => set({ form }),
  close: () => set({ form: null, magic: null, email: null, stay: false }),
}));
