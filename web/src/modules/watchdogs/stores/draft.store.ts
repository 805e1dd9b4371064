import { create } from 'zustand';
import { emptyDraft, type Draft } from '../criteria';

/** The home form's draft, kept across navigation (e.g. "watch similar" from an offer fills it). */
type DraftStore = { draft: Draft; update: (patch: Partial<Draft>) => void; replace: (draft: Draft) => void; reset: () => void };

export const useDraft = create<DraftStore>((set) => ({
  draft: emptyDraft(),
  update: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),
  replace: (draft) => set({ draft }),
  reset: () => set({ draft: emptyDraft() }),
}));
