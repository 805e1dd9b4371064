import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

export type BlogLocale = 'cs' | 'en';
export type BlogMeta = {
  slug: string; locale: BlogLocale; title: string; description: string; date: string;
  author: string; translation: string | null; readingMinutes: number;
};
export type BlogArticle = BlogMeta & { html: string };

/** Raw HTML in Markdown is off; the sanitizer is the second wall in case a plugin or a file slips something in. */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'a', 'ul', 'ol', 'li', 'strong', 'em', 'blockquote', 'code', 'pre', 'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['https', 'mailto'],
  allowProtocolRelative: false,
};

const str = (v: unknown, what: string, file: string): string => {
  if (typeof v !== 'string' || !v.trim()) throw new Error(`${file}: front matter needs "${what}"`);
  return v.trim();
};

/** One Markdown file with front matter → its article; the slug is the file name. */
export function compileArticle(file: string, locale: BlogLocale): BlogArticle {
  const { data, content } = matter(readFileSync(file, 'utf8'));
  const date = data.date instanceof Date ? data.date.toISOString().slice(0, 10) : str(data.date, 'date', file);
  const words = content.split(/\s+/).filter(Boolean).length;
  return {
    slug: path.basename(file, '.md'), locale,
    title: str(data.title, 'title', file), description: str(data.description, 'description', file), date,
    author: str(data.author, 'author', file), translation: typeof data.translation === 'string' ? data.translation : null,
    readingMinutes: Math.max(1, Math.round(words / 200)),
    html: sanitizeHtml(md.render(content), SANITIZE),
  };
}

/** Every article under `dir/<locale>/*.md`, newest first; translations must point at an existing article. */
export function compileBlog(dir: string): BlogArticle[] {
  const articles = (['cs', 'en'] as const).flatMap((locale) =>
    readdirSync(path.join(dir, locale)).filter((f) => f.endsWith('.md')).map((f) => compileArticle(path.join(dir, locale, f), locale)));
  const slugs = new Set<string>();
  for (const a of articles) {
    if (slugs.has(a.slug)) throw new Error(`blog: slug ${a.slug} is used twice`);
    slugs.add(a.slug);
  }
  for (const a of articles) {
    if (a.translation && !articles.some((b) => b.slug === a.translation && b.locale !== a.locale)) throw new Error(`blog: ${a.slug} names a missing translation ${a.translation}`);
  }
  return articles.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

export const metaOf = ({ html: _html, ...meta }: BlogArticle): BlogMeta => meta;
