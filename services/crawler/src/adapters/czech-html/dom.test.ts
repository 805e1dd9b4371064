import { all, attr, children, first, matches, next, parseHtml, text, textWithout } from './dom';

const PAGE = `<!DOCTYPE html>
<html><head><script>dataLayer.push({"a": 1});</script></head><body>
  <h1 class="title main"><span>Prodej bytu 2+kk</span> <span>55&nbsp;m&sup2;</span></h1>
  <p class="price"><strong><del>7 000 000 Kč</del> 6&nbsp;500&nbsp;000&nbsp;Kč <em>sleva <del>10 %</del></em></strong></p>
  <!-- a comment that is not text -->
  <dl><dt>Podlaží:</dt><dd>3. patro</dd><dt>Výtah:</dt><dt>Sklep:</dt><dd>Ano</dd></dl>
  <ul><li><span>Plocha</span><b>x</b><span>55 m²</span></li></ul>
  <div class="gallery"><a href="/a.jpg?x=1&amp;y=2" data-fancybox="images">1</a><a data-fancybox="images">2</a></div>
</body></html>`;

describe('the HTML query module', () => {
  const page = parseHtml(PAGE);

  it('finds elements in document order and the first of them', () => {
    expect(all(page, 'h1 span').map((span) => text(span))).toEqual(['Prodej bytu 2+kk', '55\u00a0m²']);
    expect(text(first(page, 'h1 span'))).toBe('Prodej bytu 2+kk');
    expect(matches(first(page, 'h1')!, '.main')).toBe(true);
  });

  it('answers the same for a selector asked again, on this page and on another', () => {
    const again = all(page, 'div.gallery a[data-fancybox="images"]');
    expect(all(page, 'div.gallery a[data-fancybox="images"]')).toEqual(again);
    expect(again).toHaveLength(2);
    const other = parseHtml('<div class="gallery"><a data-fancybox="images" href="/b.jpg">b</a></div>');
    expect(all(other, 'div.gallery a[data-fancybox="images"]').map((a) => attr(a, 'href'))).toEqual(['/b.jpg']);
  });

  it('decodes entities in text and in attributes', () => {
    expect(text(all(page, 'h1'))).toBe('Prodej bytu 2+kk 55\u00a0m²');
    expect(attr(first(page, 'div.gallery a'), 'href')).toBe('/a.jpg?x=1&y=2');
  });

  it('concatenates the text of every node given, script source included and comments left out', () => {
    expect(text(all(page, 'dd'))).toBe('3. patroAno');
    expect(text(first(page, 'script'))).toBe('dataLayer.push({"a": 1});');
    expect(text(first(page, 'body'))).not.toContain('comment');
  });

  it('reads text without the descendants a selector names, leaving the tree as it was', () => {
    const price = first(page, 'p.price strong');
    expect(textWithout(price, 'del')).toBe(' 6\u00a0500\u00a0000\u00a0Kč sleva ');
    expect(textWithout(price, 'i')).toBe(text(price));
    expect(text(price)).toContain('7 000 000 Kč');
  });

  it('steps to the next element only when it matches, and lists matching children', () => {
    const [floor, lift, cellar] = all(page, 'dt');
    expect(text(next(floor, 'dd'))).toBe('3. patro');
    expect(next(lift, 'dd')).toBeNull();
    expect(text(next(lift))).toBe('Sklep:');
    expect(text(next(cellar, 'dd'))).toBe('Ano');
    expect(children(first(page, 'li'), 'span').map((span) => text(span))).toEqual(['Plocha', '55 m²']);
    expect(children(first(page, 'li'))).toHaveLength(3);
  });

  it('answers empty for missing elements and attributes', () => {
    expect(first(page, 'table.none')).toBeNull();
    expect(all(page, 'table.none')).toEqual([]);
    expect(all(null, 'a')).toEqual([]);
    expect(first(undefined, 'a')).toBeNull();
    expect(text(null)).toBe('');
    expect(text([])).toBe('');
    expect(textWithout(null, 'del')).toBe('');
    expect(attr(null, 'href')).toBeUndefined();
    expect(attr(all(page, 'div.gallery a')[1], 'href')).toBeUndefined();
    expect(next(null, 'dd')).toBeNull();
    expect(children(null, 'span')).toEqual([]);
  });
});
