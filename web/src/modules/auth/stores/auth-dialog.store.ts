import { create } from 'zustand';
import type { AuthForm } from '../opening';

type AuthDialog = {
  form: AuthForm | null;
  /** Values carried into the form (magic and e-mail from the link). */
  magic: string | null;
  email: string | null;
  open: (form: AuthForm, values?: { magic?: string | null; email?: string | null }) => void;
  switchTo: (form: AuthForm) => void;
  close: () => void;
};

export const useAuthDialog = create<AuthDialog>((set) => ({
  form: null,
  magic: null,
  email: null,
  open: (form, values = {}) => set({ form, magic: values.magic ?? null, email: values.email ?? null }),
  switchTo: (form) => set({ form }),
  close: () => set({ form: null, magic: null, email: null }),
}));
