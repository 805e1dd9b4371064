import { create } from 'zustand';

/** A page's own title/description (e.g. an offer's title), replacing the route's default. */
type Meta = { title: string | null; description: string | null; set: (meta: { title?: string | null; description?: string | null }) => void; reset: () => void };

export const useMeta = create<Meta>((set) => ({
  title: null,
  description: null,
  set: ({ title = null, description = null }) => set({ title, description }),
  reset: () => set({ title: null, description: null }),
}));
