import { useT } from '../../../i18n';
import { formatDate } from '../../../i18n/format';
import { useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { blogApi, type BlogMeta } from '../api/blog.api';

/** The articles in the current language, newest first. */
export function BlogList() {
  const { t, locale } = useT();
  const { data, error, reload } = useQuery<BlogMeta[]>('blog:index', blogApi.list);
  if (error) return <p className="form-error" role="alert">{t('content.loadError')} <button className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p>;
  if (!data) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  const articles = data.filter((a) => a.locale === locale);
  return (
    <ul className="blog-list" role="list" data-testid="blog-list">
      {articles.map((a) => (
        <li key={a.slug} className="card blog-card">
          <h2><AppLink to="blogArticle" params={{ slug: a.slug }}>{a.title}</AppLink></h2>
          <p className="muted"><time dateTime={a.date}>{formatDate(a.date, locale)}</time> · {t('blog.readingTime', { minutes: a.readingMinutes })}</p>
          <p>{a.description}</p>
        </li>
      ))}
    </ul>
  );
}
