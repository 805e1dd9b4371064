import { Router } from 'express';
import { AppError } from '@rr/kit';
import type { AccountDeps } from '../deps';
import { CONTACT_STATES, type ContactRecord, type ContactState } from '../contact/contact.repository';
import { FieldErrors } from '../http/api-error';
import { bodyOf, routeWith } from '../http/route';
import { cursorOf, limitOf, requireAdmin } from './admin-access';

const CONTACT_PATH = { cs: '/kontakt', en: '/contact-us' } as const;

const contactView = (c: ContactRecord) => ({
  id: c._id, email: c.email, name: c.name, telephone: c.telephone, subject: c.subject, message: c.message,
  locale: c.locale, userId: c.userId, state: c.state ?? 'new', createdAt: c.createdAt.toISOString(),
  answers: (c.answers ?? []).map((a) => ({ ...a, at: new Date(a.at).toISOString() })),
});
const isState = (s: unknown): s is ContactState => (CONTACT_STATES as readonly unknown[]).includes(s);

/** `/admin/contacts*`: the contact messages, answered by e-mail from the detail; audited. */
export function adminContactRoutes(deps: AccountDeps): Router {
  const route = routeWith(deps.log);
  const r = Router();
  const messageOr404 = async (id: string, tr: (k: 'notFound') => string) => {
    const message = await deps.contacts.findById(id);
    if (!message) throw new AppError('NOT_FOUND', tr('notFound'));
    return message;
  };

  r.get('/admin/contacts', route(async (req, ctx) => {
    await requireAdmin(deps, req, ctx);
    const state = isState(req.query.state) ? req.query.state : null;
    const after = cursorOf(req);
    const before = after && !Number.isNaN(Date.parse(after)) ? new Date(after) : null;
    const limit = limitOf(req);
    const items = await deps.contacts.list(state, before, limit + 1);
    const page = items.slice(0, limit);
    return { items: page.map(contactView), next: items.length > limit ? page[page.length - 1].createdAt.toISOString() : null };
  }));

  r.get('/admin/contacts/:id', route(async (req, ctx) => {
    await requireAdmin(deps, req, ctx);
    return contactView(await messageOr404(req.params.id, ctx.tr));
  }));

  r.post('/admin/contacts/:id/answer', route(async (req, ctx) => {
    const admin = await requireAdmin(deps, req, ctx);
    const message = await messageOr404(req.params.id, ctx.tr);
    const body = bodyOf(req);
    const text = typeof body.body === 'string' ? body.body.trim().slice(0, 10_000) : '';
    const locale = message.locale === 'en' ? 'en' : 'cs';
    const subject = (typeof body.subject === 'string' && body.subject.trim().slice(0, 200))
      || `Re: ${message.subject ?? (locale === 'cs' ? 'Vaše zpráva' : 'Your message')}`;
    const errors = new FieldErrors();
    if (!text) errors.add('body', ctx.tr('messageRequired'));
    errors.throwIfAny();
    await deps.mails.contactReply({ to: message.email, locale, subject, body: text, original: message.message, contactUrl: `${deps.config.PUBLIC_URL}${CONTACT_PATH[locale]}` });
    const answer = { at: new Date(), adminId: admin._id, adminEmail: admin.email, subject, body: text };
    const updated = (await deps.contacts.addAnswer(message._id, answer))!;
    await deps.audit.record({ adminId: admin._id, adminEmail: admin.email, action: 'contact.answered', targetType: 'contact', targetId: message._id, before: { state: message.state ?? 'new' }, after: { state: 'answered', subject } });
    return contactView(updated);
  }));

  r.patch('/admin/contacts/:id', route(async (req, ctx) => {
    const admin = await requireAdmin(deps, req, ctx);
    const message = await messageOr404(req.params.id, ctx.tr);
    const state = bodyOf(req).state;
    if (!isState(state)) throw new AppError('VALIDATION_FAILED', ctx.tr('invalidChoice'), { fields: { state: ctx.tr('invalidChoice') } });
    const updated = (await deps.contacts.setState(message._id, state))!;
    await deps.audit.record({ adminId: admin._id, adminEmail: admin.email, action: 'contact.state-changed', targetType: 'contact', targetId: message._id, before: { state: message.state ?? 'new' }, after: { state } });
    return contactView(updated);
  }));
  return r;
}
