import { Router } from 'express';
import { emailOf } from '../auth/auth.service';
import { optionalUser } from '../auth/sessions';
import type { AccountDeps } from '../deps';
import { normaliseTelephone } from '../domain/telephone';
import { FieldErrors } from '../http/api-error';
import { enforceRate } from '../http/rate-limits';
import { bodyOf, routeWith } from '../http/route';

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** `POST /contact`: the contact form; messages are stored for the administration. */
export function contactRoutes(deps: AccountDeps): Router {
  const route = routeWith(deps.log);
  const r = Router();
  r.post('/contact', route(async (req, ctx, res) => {
    const body = bodyOf(req);
    enforceRate(deps, ctx, 'contact', typeof body.email === 'string' ? body.email : null);
    const user = await optionalUser(deps, req, ctx).catch(() => null);
    const email = emailOf(body, ctx);
    const errors = new FieldErrors();
    if (!str(body.message, 5000)) errors.add('message', ctx.tr('messageRequired'));
    const phone = normaliseTelephone(typeof body.telephone === 'string' ? body.telephone : null);
    if (!phone.ok) errors.add('telephone', ctx.tr('telephoneFormat'));
    errors.throwIfAny();
    const saved = await deps.contacts.create({
      email, name: str(body.name, 200) || null, telephone: phone.ok ? phone.telephone : null, subject: str(body.subject, 200) || null,
      message: str(body.message, 5000), locale: ctx.locale, userId: user?._id ?? null, ip: ctx.ip,
    });
    res.status(201);
    return { id: saved._id, message: ctx.tr('messageSent') };
  }));
  return r;
}
