import type { PageProps } from '../app';
import { useModuleT } from '../i18n';
import { API_DOCS_TEXT } from '../modules/api-docs/i18n';
import { ApiDocs } from '../modules/api-docs/components/api-docs';

/** `/docs`, `/docs/:page`, `/docs/:section/:page`: the public data API's documentation. */
export function ApiDocsPage({ params }: PageProps) {
  const tm = useModuleT(API_DOCS_TEXT);
  return (
    <div className="container section">
      <h1>{tm('apiDocs.title')}</h1>
      <ApiDocs section={params.section} page={params.page} />
    </div>
  );
}
