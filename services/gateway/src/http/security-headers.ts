import type { RequestHandler } from 'express';

/**
 * The headers helmet would set, written out so each is a decision: no sniffing, no framing, a
 * strict referrer, a CSP for the single-page client (styles inline for the component library,
 * images from the portals' CDNs over https), HSTS only when served over https.
 */
const csp = (imgSources: string[]) => [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  ["img-src 'self' data: https:", ...imgSources].join(' '),
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** `imgSources`: further image origins, e.g. the local portal simulator's photos (plain http) outside production. */
export const securityHeaders = ({ imgSources = [] }: { imgSources?: string[] } = {}): RequestHandler => {
  const policy = csp(imgSources);
  return (req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    res.setHeader('X-DNS-Prefetch-Control', 'off');
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
};
