import type { Locale } from '@rr/proto';
import { ApiError } from '../../../lib/api';

export type BlogMeta = {
  slug: string; locale: Locale; title: string; description: string; date: string;
  author: string; translation: string | null; readingMinutes: number;
};
export type BlogArticle = BlogMeta & { html: string };

/** Articles are compiled at build time (web/build/blog.ts) into static JSON beside the client. */
async function content<T>(file: string): Promise<T> {
  const response = await fetch(`/content/blog/${file}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new ApiError(response.status, response.status === 404 ? 'NOT_FOUND' : 'INTERNAL', response.statusText);
  return (await response.json()) as T;
}

export const blogApi = {
  list: () => content<BlogMeta[]>('index.json'),
  article: (slug: string) => content<BlogArticle>(`${encodeURIComponent(slug)}.json`),
};
