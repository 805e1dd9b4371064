import type { ReactNode } from 'react';
import type { Article as ArticleCopy } from '../copy/types';

export function Article({ article, children, testId }: { article: ArticleCopy; children?: ReactNode; testId?: string }) {
  return (
    <div className="container container--narrow section" data-testid={testId}>
      <h1>{article.title}</h1>
      <p className="lead">{article.intro}</p>
      <div className="prose">
        {article.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((p) => <p key={p}>{p}</p>)}
          </section>
        ))}
        {children}
      </div>
    </div>
  );
}
