import type { RequestHandler } from 'express';
import type { Gazetteer } from '@rr/gazetteer';
import { z } from 'zod';

const Query = z.object({
  q: z.string().trim().min(1, 'q is required').max(100),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

/** `GET /api/autocomplete?q=`: regions, districts, municipalities and Prague districts for the location field. */
export function autocomplete(gazetteer: () => Gazetteer): RequestHandler {
  return (req, res) => {
    const { q, limit } = Query.parse(req.query);
    const items = gazetteer().search(q, limit).map((p) => ({
      kind: p.kind,
      code: p.code,
      name: p.label,
      point: p.point,
      regionCode: p.regionCode,
      districtCode: p.districtCode,
    }));
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json({ data: { items } });
  };
}
