import { useLocale, useModuleT, useT } from '../../../i18n';
import { API_DOCS_TEXT, PARAMETER_TEXT_CS } from '../i18n';
import { useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { docsParamsOf, endpointPathOf, exampleQuery, loadOpenApi, parameterText, TYPE_PAGES, typeOf, type JsonSchema, type OpenApiDocument, type Operation, type Parameter } from '../api/openapi';

export type ApiDocsProps = { section?: string; page?: string };

function Nav({ doc }: { doc: OpenApiDocument }) {
  const tm = useModuleT(API_DOCS_TEXT);
  return (
    <nav aria-label={tm('apiDocs.nav')} className="api-docs__nav">
      <ul className="plain-list">
        <li><AppLink to="apiDocs">{tm('apiDocs.overview')}</AppLink></li>
        {Object.keys(doc.paths).map((path) => {
          const { section, page } = docsParamsOf(path);
          const name = path.slice(1);
          return <li key={path}>{section ? <AppLink to="apiDocsSection" params={{ section, page }}>{name}</AppLink> : <AppLink to="apiDocsPage" params={{ page }}>{name}</AppLink>}</li>;
        })}
        {Object.keys(TYPE_PAGES).map((name) => <li key={name}><AppLink to="apiDocsSection" params={{ section: 'types', page: name }}>{`types/${name}`}</AppLink></li>)}
      </ul>
    </nav>
  );
}

function Overview({ doc }: { doc: OpenApiDocument }) {
  const tm = useModuleT(API_DOCS_TEXT);
  return (
    <div data-testid="api-docs-overview">
      <p>{doc.info.description}</p>
      {(['keys', 'limits', 'pagination', 'errors', 'versioning'] as const).map((topic) => (
        <section key={topic}><h2>{tm(`apiDocs.${topic}.title`)}</h2><p>{tm(`apiDocs.${topic}.body`)}</p></section>
      ))}
    </div>
  );
}

function SchemaTable({ schema }: { schema: JsonSchema }) {
  const tm = useModuleT(API_DOCS_TEXT);
  return (
    <table className="table">
      <thead><tr><th>{tm('apiDocs.field')}</th><th>{tm('apiDocs.type')}</th><th>{tm('apiDocs.description')}</th></tr></thead>
      <tbody>
        {Object.entries(schema.properties ?? {}).map(([name, s]) => <tr key={name}><td><code>{name}</code></td><td>{typeOf(s)}</td><td>{s.description ?? ''}</td></tr>)}
      </tbody>
    </table>
  );
}

/** A parameter's description or one example's summary in the page's locale. */
function useParameterText(op: Operation) {
  const locale = useLocale();
  return (p: Parameter, example?: string): string => parameterText(locale === 'cs' ? PARAMETER_TEXT_CS : undefined, op, p, example);
}

function Endpoint({ doc, op, path }: { doc: OpenApiDocument; op: Operation; path: string }) {
  const { t } = useT();
  const tm = useModuleT(API_DOCS_TEXT);
  const describe = useParameterText(op);
  const url = `${window.location.origin}${doc.servers[0].url}${path}?${exampleQuery(op)}`;
  const ok = op.responses['200']?.content?.['application/json'];
  return (
    <div data-testid={`api-docs-${op.operationId}`}>
      <h2><code>GET {doc.servers[0].url}{path}</code></h2>
      <p>{op.summary}</p>
      {op.parameters && op.parameters.length > 0 && (
        <table className="table">
          <thead><tr><th>{tm('apiDocs.parameter')}</th><th>{tm('apiDocs.type')}</th><th>{tm('apiDocs.required')}</th><th>{tm('apiDocs.description')}</th></tr></thead>
          <tbody>{op.parameters.map((p) => <tr key={p.name}><td><code>{p.name}</code></td><td>{typeOf(p.schema)}</td><td>{p.required ? t('common.yes') : t('common.no')}</td><td>{describe(p)}</td></tr>)}</tbody>
        </table>
      )}
      {op.parameters?.filter((p) => p.examples).map((p) => (
        <section key={p.name} data-testid={`param-examples-${p.name}`}>
          <h3>{tm('apiDocs.examples', { name: p.name })}</h3>
          <ul>{Object.entries(p.examples!).map(([name, ex]) => (
            <li key={name}><code>{`${p.name}=${ex.value}`}</code> – {describe(p, name)}</li>
          ))}</ul>
        </section>
      ))}
      <h3>curl</h3>
      <pre data-testid="example-curl"><code>{`curl -H "Authorization: Bearer $RR_API_KEY" '${url}'`}</code></pre>
      <h3>JavaScript</h3>
      <pre data-testid="example-js"><code>{`const res = await fetch('${url}', { headers: { Authorization: \`Bearer \${process.env.RR_API_KEY}\` } });\nconst { data } = await res.json();`}</code></pre>
      {ok?.example !== undefined && (<><h3>{tm('apiDocs.response')}</h3><pre><code>{JSON.stringify(ok.example, null, 2)}</code></pre></>)}
      <h3>{tm('apiDocs.errors.title')}</h3>
      <ul>{Object.entries(op.responses).filter(([s]) => s !== '200').map(([status, r]) => <li key={status}><code>{status}</code> {r.description}</li>)}</ul>
    </div>
  );
}

/** The docs pages, rendered from the API's own OpenAPI document so they cannot drift from it. */
export function ApiDocs({ section, page }: ApiDocsProps) {
  const { t } = useT();
  const tm = useModuleT(API_DOCS_TEXT);
  const { data: doc, error, loading } = useQuery('openapi-v1', loadOpenApi);
  if (loading) return <div className="page-loading" aria-busy="true">{t('common.loading')}</div>;
  if (error || !doc) return <p className="form-error" role="alert">{t('auth.error.generic')}</p>;
  const path = endpointPathOf(section, page);
  const entry = path && doc.paths[path] ? ([path, doc.paths[path]] as const) : undefined;
  const typeName = section === 'types' && page ? TYPE_PAGES[page] : undefined;
  const known = !page || entry || typeName;
  return (
    <div className="api-docs">
      <Nav doc={doc} />
      <div className="api-docs__body">
        {!page && <Overview doc={doc} />}
        {entry && <Endpoint doc={doc} path={entry[0]} op={entry[1].get} />}
        {typeName && <div data-testid={`api-docs-type-${page}`}><h2>{`types/${page}`} (<code>{typeName}</code>)</h2><SchemaTable schema={doc.components.schemas[typeName]} /></div>}
        {!known && <p role="alert" data-testid="api-docs-missing">{tm('apiDocs.missing')}</p>}
      </div>
    </div>
  );
}
