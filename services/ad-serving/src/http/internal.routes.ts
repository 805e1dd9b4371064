import { Router } from 'express';
import { AdDecisionRequest } from '@rr/proto';
import type { ServingSet } from '../serving/serving-set';

/** The notifier's question for one alert e-mail (inside the cluster only; the gateway does not route it). */
export function internalRoutes(serving: ServingSet): Router {
  const r = Router();
  r.post('/internal/decide', (req, res) => {
    const parsed = AdDecisionRequest.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: { code: 'VALIDATION_FAILED', message: parsed.error.issues[0]?.message ?? 'invalid request' } });
      return;
    }
    res.json(serving.decide(parsed.data));
  });
  return r;
}
