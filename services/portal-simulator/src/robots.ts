import type { Portal } from '@rr/proto';

/**
 * Each portal's robots.txt, shaped like the real one. Rules are relative to the portal's base URL
 * (`/<portal>` on the simulator, the host root on the real site). Sreality disallows its JSON API
 * to generic bots, which is why the crawler has an explicit per-portal override for it.
 */
const ROBOTS: Record<Portal, string[]> = {
  sreality: ['User-agent: *', 'Disallow: /api/', 'Disallow: /hledani/*?*strana=', 'Allow: /', '', 'Sitemap: {base}/sitemap.xml'],
  bezrealitky: ['User-agent: *', 'Disallow: /moje-', 'Disallow: /ucet/', 'Allow: /'],
  idnes: ['User-agent: *', 'Disallow: /*?*s-qc%5B', 'Disallow: /mapa/', 'Allow: /'],
  bazos: [
    'User-agent: *', 'Disallow: /*?hledat=', 'Disallow: /*&hledat=', 'Disallow: /*cenaod=', 'Disallow: /*cenado=',
    'Disallow: /*hlokalita=', 'Disallow: /*humkreis=', 'Disallow: /moje-inzeraty.php', 'Allow: /',
  ],
  ulovdomov: ['User-agent: *', 'Disallow: /moje-ulovdomov', 'Allow: /', '', 'Sitemap: {base}/sitemap-offers.xml'],
  realitycz: ['User-agent: *', 'Disallow: /tisk/', 'Disallow: /hledani/', 'Allow: /'],
  realitymix: ['User-agent: *', 'Allow: /'],
};

export function robotsTxt(portal: Portal, base: string): string {
  return `${ROBOTS[portal].join('\n').replace(/\{base\}/g, base)}\n`;
}
