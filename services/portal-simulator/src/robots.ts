import type { Portal } from '@rr/proto';

/**
 * Each portal's robots.txt, shaped like the real one. Rules are relative to the portal's base URL
 * (`/<portal>` on the simulator, the host root on the real site). The listing and detail
 * endpoints the adapters use are allowed; map clusters, suggest and filter URLs are not.
 */
const ROBOTS: Record<Portal, string[]> = {
  sreality: [
    'User-agent: *', 'Disallow: /api/v1/estates/search/clusters', 'Disallow: /api/v1/localities/', 'Disallow: /hledani/*?*strana=',
    'Allow: /', '', 'Sitemap: {base}/sitemap.xml',
  ],
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

/** Tests can replace a portal's robots.txt (`PUT /admin/robots/:portal`) to exercise honouring and overriding it. */
export class RobotsFiles {
  private overrides = new Map<Portal, string>();

  set(portal: Portal, text: string | null): void {
    if (text == null) this.overrides.delete(portal);
    else this.overrides.set(portal, text);
  }

  text(portal: Portal, base: string): string {
    return this.overrides.get(portal) ?? `${ROBOTS[portal].join('\n').replace(/\{base\}/g, base)}\n`;
  }

  clear(): void {
    this.overrides.clear();
  }
}
