import { parseRobots, productToken } from './robots';

const UA = 'RealityRadarBot/1.0 (+https://reality-radar.cz/bot)';

describe('robots.txt', () => {
  it('applies the * group when no group names us', () => {
    const robots = parseRobots('User-agent: *\nDisallow: /private\n', UA);
    expect(robots.isAllowed('/private/x')).toBe(false);
    expect(robots.isAllowed('/public')).toBe(true);
  });

  it('prefers the group naming our product token over *, case-insensitively', () => {
    const text = 'User-agent: *\nDisallow: /\n\nUser-agent: realityradarbot\nDisallow: /admin\n';
    const robots = parseRobots(text, UA);
    expect(robots.isAllowed('/api/v1/estates')).toBe(true);
    expect(robots.isAllowed('/admin/x')).toBe(false);
  });

  it('lets the longest matching rule win and allow win a tie', () => {
    const text = 'User-agent: *\nDisallow: /hledani\nAllow: /hledani/byty\nDisallow: /x\nAllow: /x\n';
    const robots = parseRobots(text, UA);
    expect(robots.isAllowed('/hledani/domy')).toBe(false);
    expect(robots.isAllowed('/hledani/byty?strana=2')).toBe(true);
    expect(robots.isAllowed('/x')).toBe(true);
  });

  it('understands * wildcards and the $ end anchor', () => {
    const text = 'User-agent: *\nDisallow: /*?*sort=\nDisallow: /*.pdf$\n';
    const robots = parseRobots(text, UA);
    expect(robots.isAllowed('/reality/?hledat=byt&sort=price')).toBe(false);
    expect(robots.isAllowed('/reality/?hledat=byt')).toBe(true);
    expect(robots.isAllowed('/doc.pdf')).toBe(false);
    expect(robots.isAllowed('/doc.pdf?v=2')).toBe(true);
  });

  it('shares rules between user-agent lines of one group and ignores comments', () => {
    const text = '# hi\nUser-agent: googlebot\nUser-agent: RealityRadarBot # us\nDisallow: /tmp # no\n';
    expect(parseRobots(text, UA).isAllowed('/tmp/a')).toBe(false);
  });

  it('treats an empty Disallow as allowing everything and always allows /robots.txt', () => {
    expect(parseRobots('User-agent: *\nDisallow:\n', UA).isAllowed('/anything')).toBe(true);
    expect(parseRobots('User-agent: *\nDisallow: /\n', UA).isAllowed('/robots.txt')).toBe(true);
  });

  it('reads Crawl-delay as a minimum interval', () => {
    expect(parseRobots('User-agent: *\nCrawl-delay: 2\n', UA).crawlDelayMs).toBe(2_000);
    expect(parseRobots('User-agent: *\nDisallow: /x\n', UA).crawlDelayMs).toBeNull();
  });

  it('takes the product token from a full user-agent string', () => {
    expect(productToken(UA)).toBe('realityradarbot');
  });
});
