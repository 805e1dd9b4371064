import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type Locale = 'cs' | 'en';
export type SitePage = { name: string; cs: string; en: string; meta: Record<Locale, { title: string; description: string }> };
export type ArticleMeta = { slug: string; locale: Locale; title: string; description: string; date: string; author: string; translation: string | null; readingMinutes: number };
export type Article = ArticleMeta & { html: string };
export type SiteIndex = {
  pages: SitePage[];
  faq: Record<Locale, Array<{ q: string; a: string }>>;
  blogArticleTitle: Record<Locale, string>;
  articles: ArticleMeta[];
};

/**
 * What the web build wrote for the server side (`web/build/site-content.ts`): the shell, the public
 * pages with their titles, the FAQ and the blog. Read again only when the build changed; the data
 * is as large as the site's own content, not as its traffic.
 */
export class SiteData {
  private stamp = -1;
  private cached: { shell: string; index: SiteIndex; articles: Map<string, Article> } | null = null;

  constructor(private readonly dist: string) {}

  available(): boolean {
    return existsSync(path.join(this.dist, 'content/site.json')) && existsSync(path.join(this.dist, 'index.html'));
  }

  private load() {
    const shellFile = path.join(this.dist, 'index.html');
    const stamp = statSync(shellFile).mtimeMs;
    if (!this.cached || stamp !== this.stamp) {
      const index = JSON.parse(readFileSync(path.join(this.dist, 'content/site.json'), 'utf8')) as SiteIndex;
      this.cached = { shell: readFileSync(shellFile, 'utf8'), index, articles: new Map() };
      this.stamp = stamp;
    }
    return this.cached;
  }

  shell(): string {
    return this.load().shell;
  }

  index(): SiteIndex {
    return this.load().index;
  }

  article(slug: string): Article | null {
    const data = this.load();
    if (!data.index.articles.some((a) => a.slug === slug)) return null;
    let article = data.articles.get(slug);
    if (!article) {
      article = JSON.parse(readFileSync(path.join(this.dist, 'content/blog', `${slug}.json`), 'utf8')) as Article;
      data.articles.set(slug, article);
    }
    return article;
  }
}
