import { create } from 'zustand';
import { makeConsent, parseConsent, serializeConsent, type Choice, type Consent } from '../../../lib/consent';

type ConsentState = {
  consent: Consent | null;
  dialogOpen: boolean;
  save: (choice: Choice) => void;
  openDialog: () => void;
  closeDialog: () => void;
};

export const useConsent = create<ConsentState>((set, get) => ({
  consent: typeof document === 'undefined' ? null : parseConsent(document.cookie),
  dialogOpen: false,
  save: (choice) => {
    const consent = makeConsent(choice, new Date(), get().consent?.id);
    document.cookie = serializeConsent(consent);
    set({ consent, dialogOpen: false });
  },
  openDialog: () => set({ dialogOpen: true }),
  closeDialog: () => set({ dialogOpen: false }),
}));
