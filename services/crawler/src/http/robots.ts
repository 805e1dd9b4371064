/**
 * robots.txt as RFC 9309 reads it: groups of user-agent lines with allow/disallow rules, `*`
 * wildcards and a `$` end anchor, the longest matching rule wins and allow wins a tie. Groups
 * naming our product token are merged; without one the `*` groups apply. Crawl-delay is a common
 * extension we honour as a minimum interval between requests.
 */

type Rule = { allow: boolean; pattern: string; regex: RegExp };
type Group = { agents: string[]; rules: Rule[]; crawlDelaySeconds: number | null };

export type RobotsPolicy = {
  isAllowed(path: string): boolean;
  crawlDelayMs: number | null;
};

export const ALLOW_ALL: RobotsPolicy = { isAllowed: () => true, crawlDelayMs: null };
export const DISALLOW_ALL: RobotsPolicy = { isAllowed: (path) => path === '/robots.txt', crawlDelayMs: null };

export function parseRobots(text: string, userAgent: string): RobotsPolicy {
  const groups = parseGroups(text);
  const token = productToken(userAgent);
  const own = groups.filter((g) => g.agents.some((a) => a !== '*' && token.includes(a)));
  const chosen = own.length > 0 ? own : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.crawlDelaySeconds).filter((d): d is number => d !== null);
  return {
    crawlDelayMs: delays.length > 0 ? Math.max(...delays) * 1000 : null,
    isAllowed: (path) => isAllowed(rules, path),
  };
}

/** "RealityRadarBot/1.0 (+https://…)" → "realityradarbot". */
export function productToken(userAgent: string): string {
  return (userAgent.split(/[\/\s]/)[0] ?? '').toLowerCase();
}

function parseGroups(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], crawlDelaySeconds: null };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if ((field === 'allow' || field === 'disallow') && value !== '') {
      current.rules.push({ allow: field === 'allow', pattern: value, regex: patternToRegex(value) });
    } else if (field === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelaySeconds = seconds;
    }
  }
  return groups;
}

function patternToRegex(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

function isAllowed(rules: Rule[], path: string): boolean {
  if (path === '/robots.txt') return true;
  const target = safeDecode(path);
  let best: Rule | null = null;
  for (const rule of rules) {
    if (!rule.regex.test(target) && !rule.regex.test(path)) continue;
    const longer = !best || rule.pattern.length > best.pattern.length;
    const tieAllows = best && rule.pattern.length === best.pattern.length && rule.allow && !best.allow;
    if (longer || tieAllows) best = rule;
  }
  return best ? best.allow : true;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
