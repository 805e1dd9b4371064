import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileArticle, compileBlog } from './blog';

const article = (body: string, extra = '') => `---\ntitle: T\ndescription: D\ndate: 2026-11-20\nauthor: A\n${extra}---\n${body}\n`;

function blogDir(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'blog-'));
  for (const locale of ['cs', 'en']) mkdirSync(path.join(dir, locale));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('blog compiler', () => {
  it('renders Markdown and drops raw HTML, scripts and javascript: links', () => {
    const dir = blogDir({ 'cs/a.md': article('## Nadpis\n\n<script>alert(1)</script> [x](javascript:alert(1)) **tučně** [ok](https://example.cz)') });
    const a = compileArticle(path.join(dir, 'cs/a.md'), 'cs');
    expect(a.html).toContain('<h2>Nadpis</h2>');
    expect(a.html).toContain('<strong>tučně</strong>');
    expect(a.html).toContain('<a href="https://example.cz">ok</a>');
    expect(a.html).not.toMatch(/<script|href="javascript/);
    expect(a).toMatchObject({ slug: 'a', locale: 'cs', date: '2026-11-20', title: 'T' });
  });

  it('refuses an article without a description and a translation that does not exist', () => {
    const bad = blogDir({ 'cs/a.md': '---\ntitle: T\ndate: 2026-01-01\nauthor: A\n---\ntext' });
    expect(() => compileBlog(bad)).toThrow('description');
    const orphan = blogDir({ 'cs/a.md': article('x', 'translation: b\n') });
    expect(() => compileBlog(orphan)).toThrow('missing translation b');
  });

  it('compiles the repository\'s articles: each Czech one has its English version', () => {
    const all = compileBlog(path.resolve(__dirname, '../content/blog'));
    const cs = all.filter((a) => a.locale === 'cs');
    expect(cs.length).toBeGreaterThanOrEqual(3);
    for (const a of cs) expect(all.find((b) => b.slug === a.translation)?.locale).toBe('en');
  });
});
