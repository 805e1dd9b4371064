import type { PageProps } from '../app';
import { useT } from '../i18n';
import { ApiDocs } from '../modules/api-docs/components/api-docs';

/** `/docs`, `/docs/:page`, `/docs/:section/:page`: the public data API's documentation. */
export function ApiDocsPage({ params }: PageProps) {
  const { t } = useT();
  return (
    <div className="container section">
      <h1>{t('apiDocs.title')}</h1>
      <ApiDocs section={params.section} page={params.page} />
    </div>
  );
}
