import type { PageProps } from '../app';
import { useT } from '../i18n';
import { ArticleView } from '../modules/blog/components/article-view';
import { BlogList } from '../modules/blog/components/blog-list';

export function BlogPage() {
  const { t } = useT();
  return (
    <div className="container container--narrow section" data-testid="blog">
      <h1>{t('blog.title')}</h1>
      <p className="lead">{t('blog.intro')}</p>
      <BlogList />
      <p className="muted"><a href="/blog/feed.xml">{t('blog.rss')}</a> · <a href="/blog/atom.xml">{t('blog.atom')}</a></p>
    </div>
  );
}

export function BlogArticlePage({ params }: PageProps) {
  return (
    <div className="container container--narrow section">
      <ArticleView key={params.slug} slug={params.slug} />
    </div>
  );
}
