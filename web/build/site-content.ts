import path from 'node:path';
import type { Plugin } from 'vite';
import { cs } from '../src/i18n/cs';
import { en } from '../src/i18n/en';
import { copy as csCopy } from '../src/modules/content/copy/cs';
import { copy as enCopy } from '../src/modules/content/copy/en';
import { API_DOCS_PAGES } from '../src/modules/api-docs/api/docs-pages';
import { PUBLIC_ROUTES, ROUTES, SUB_SERVICES } from '../src/routes';
import { compileBlog, metaOf, type BlogArticle } from './blog';

const BLOG_DIR = path.resolve(__dirname, '../content/blog');

/** What the gateway needs for sitemap.xml, feeds and server-rendered heads: public paths and articles. */
export type SitePage = { name: string; cs: string; en: string; meta: Record<'cs' | 'en', { title: string; description: string }> };

const DICTIONARIES = { cs: cs as Record<string, unknown>, en: en as Record<string, unknown> };
const metaOfRoute = (name: string) => Object.fromEntries((['cs', 'en'] as const).map((l) => [l, {
  title: String(DICTIONARIES[l][`meta.${name}.title`] ?? ''), description: String(DICTIONARIES[l][`meta.${name}.description`] ?? ''),
}])) as SitePage['meta'];

export function siteIndex(articles: BlogArticle[]) {
  const pages = PUBLIC_ROUTES.flatMap((name): SitePage[] => {
    const paths = ROUTES[name];
    if (name === 'subService') {
      return SUB_SERVICES.map((s) => {
        const service = { cs: csCopy.services.items[s], en: enCopy.services.items[s] };
        const meta = Object.fromEntries((['cs', 'en'] as const).map((l) => [l, { title: `${service[l].name} – Reality Radar`, description: service[l].summary }])) as SitePage['meta'];
        return { name, cs: paths.cs.replace(':service', s), en: paths.en.replace(':service', s), meta };
      });
    }
    if (name === 'apiDocs') {
      const docs = API_DOCS_PAGES.map((page): SitePage => {
        const generic = metaOfRoute(page.includes('/') ? 'apiDocsSection' : 'apiDocsPage');
        const meta = Object.fromEntries((['cs', 'en'] as const).map((l) => [l, { title: `${page} – ${generic[l].title}`, description: generic[l].description }])) as SitePage['meta'];
        return { name: 'apiDocsPage', cs: `${paths.cs}/${page}`, en: `${paths.en}/${page}`, meta };
      });
      return [{ name, cs: paths.cs, en: paths.en, meta: metaOfRoute(name) }, ...docs];
    }
    return [{ name, cs: paths.cs, en: paths.en, meta: metaOfRoute(name) }];
  });
  const faq = { cs: csCopy.faq.items, en: enCopy.faq.items };
  const blogArticleTitle = { cs: String(cs['meta.blogArticle.title']), en: String(en['meta.blogArticle.title']) };
  return { pages, faq, blogArticleTitle, articles: articles.map(metaOf) };
}

function files(): Record<string, string> {
  const articles = compileBlog(BLOG_DIR);
  const out: Record<string, string> = {
    'content/site.json': JSON.stringify(siteIndex(articles)),
    'content/blog/index.json': JSON.stringify(articles.map(metaOf)),
  };
  for (const a of articles) out[`content/blog/${a.slug}.json`] = JSON.stringify(a);
  return out;
}

/**
 * Compiles the blog's Markdown at build time into JSON beside the client (`/content/…`), so the
 * browser ships no Markdown parser and the gateway renders the same articles for crawlers.
 * The dev server answers the same paths, compiled on each request.
 */
export function siteContent(): Plugin {
  return {
    name: 'rr-site-content',
    generateBundle() {
      for (const [fileName, source] of Object.entries(files())) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0];
        if (!url.startsWith('/content/')) return next();
        const body = files()[url.slice(1)];
        if (!body) return next();
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(body);
      });
    },
  };
}
