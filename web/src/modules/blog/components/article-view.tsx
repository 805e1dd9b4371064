import { useEffect, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../i18n';
import { formatDate } from '../../../i18n/format';
import { useQuery } from '../../../lib/query';
import { pathFor } from '../../../routes';
import { AppLink } from '../../../ui/app-link';
import { useMeta } from '../../shell/stores/meta.store';
import { blogApi, type BlogArticle } from '../api/blog.api';

/** Links inside an article's HTML to our own pages move within the client instead of reloading it. */
function useInternalLinks() {
  const [, navigate] = useLocation();
  return (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href || !href.startsWith('/') || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };
}

/** One article; its HTML was rendered from Markdown and sanitized at build time. */
export function ArticleView({ slug }: { slug: string }) {
  const { t, locale } = useT();
  const { data, error, reload } = useQuery<BlogArticle>(`blog:${slug}`, () => blogApi.article(slug));
  const setMeta = useMeta((s) => s.set);
  const onClick = useInternalLinks();
  useEffect(() => {
    if (!data) return;
    const own = pathFor('blogArticle', data.locale, { slug: data.slug });
    const other = data.translation ? pathFor('blogArticle', data.locale === 'cs' ? 'en' : 'cs', { slug: data.translation }) : own;
    setMeta({ title: data.title, description: data.description, alternates: data.locale === 'cs' ? { cs: own, en: other } : { cs: other, en: own } });
  }, [data, setMeta]);
  if (error) {
    return (
      <div className="card empty-state" data-testid="article-missing">
        <p className="lead">{t('blog.missing')}</p>
        <AppLink to="blog" className="button button--primary">{t('blog.all')}</AppLink>
      </div>
    );
  }
  if (!data) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  return (
    <article className="blog-article" lang={data.locale} data-testid="blog-article">
      <p><AppLink to="blog">← {t('blog.all')}</AppLink></p>
      {data.locale !== locale && data.translation && (
        <p className="notice"><AppLink to="blogArticle" params={{ slug: data.translation }}>{t('blog.otherLanguage')}</AppLink></p>
      )}
      <h1>{data.title}</h1>
      <p className="muted"><time dateTime={data.date}>{formatDate(data.date, locale)}</time> · {data.author} · {t('blog.readingTime', { minutes: data.readingMinutes })}</p>
      <p className="lead">{data.description}</p>
      <div className="prose" onClick={onClick} dangerouslySetInnerHTML={{ __html: data.html }} />
    </article>
  );
}
