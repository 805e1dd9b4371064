import { create } from 'zustand';

export type MetaAlternates = { cs: string; en: string };

/**
 * A page's own title/description (e.g. an offer's title), replacing the route's default, and its
 * own locale alternates when the other language lives at another path (a blog article's translation).
 */
type Meta = {
  title: string | null;
  description: string | null;
  alternates: MetaAlternates | null;
  set: (meta: { title?: string | null; description?: string | null; alternates?: MetaAlternates | null }) => void;
  reset: () => void;
};

export const useMeta = create<Meta>((set) => ({
  title: null,
  description: null,
  alternates: null,
  set: ({ title = null, description = null, alternates = null }) => set({ title, description, alternates }),
  reset: () => set({ title: null, description: null, alternates: null }),
}));
