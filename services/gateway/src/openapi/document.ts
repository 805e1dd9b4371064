import {
  CreateFilterBody, EmailPreferencesBody, FilterView, LoginBody, Offer, RegisterCompleteBody, RegisterStartBody,
  ResetCompleteBody, ResetStartBody, SessionPayload, UpdateFilterBody, KeepFiltersBody, Watchdog, WatchdogCriteria, ERROR_CODES, CheckoutBody,
} from '@rr/proto';
import { z } from 'zod';
import { zodToJsonSchema, type JsonSchema } from './zod-to-json-schema';

const SCHEMAS: Record<string, z.ZodTypeAny> = {
  LoginBody, RegisterStartBody, RegisterCompleteBody, ResetStartBody, ResetCompleteBody, SessionPayload,
  CreateFilterBody, UpdateFilterBody, KeepFiltersBody, FilterView, WatchdogCriteria, EmailPreferencesBody, Watchdog, Offer, CheckoutBody,
  TokenAnswer: z.object({ data: z.object({ token: z.string() }) }),
  ApiError: z.object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_CODES) as [string, ...string[]]),
      message: z.string(),
      fields: z.record(z.string()).optional(),
      details: z.record(z.unknown()).optional(),
    }),
  }),
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [String(s), { description: 'Error', ...json(ref('ApiError')) }]));
const ok = (description: string, schema: JsonSchema = { type: 'object' }) => ({ description, ...json(schema) });
const bearer = [{ bearer: [] }];

type Op = { summary: string; body?: string; auth?: boolean; ok: ReturnType<typeof ok>; errors: number[]; okStatus?: number };
const op = (o: Op) => ({
  summary: o.summary,
  ...(o.auth ? { security: bearer } : {}),
  ...(o.body ? { requestBody: { required: true, ...json(ref(o.body)) } } : {}),
  responses: { [String(o.okStatus ?? 200)]: o.ok, ...errors(...o.errors) },
});

const PATHS = {
  '/api/auth/login': { post: op({ summary: 'Log in', body: 'LoginBody', ok: ok('Session token', ref('TokenAnswer')), errors: [400, 403, 404, 429] }) },
  '/api/auth/register': {
    post: op({ summary: 'Start registration (magic link by e-mail)', body: 'RegisterStartBody', ok: ok('E-mail sent'), errors: [400, 403, 429] }),
    patch: op({ summary: 'Complete registration', body: 'RegisterCompleteBody', ok: ok('Session token', ref('TokenAnswer')), errors: [400, 404, 409, 429] }),
  },
  '/api/auth/reset': {
    post: op({ summary: 'Start reset (magic link by e-mail)', body: 'ResetStartBody', ok: ok('E-mail sent'), errors: [400, 403, 404, 429] }),
    patch: op({ summary: 'Complete reset (new password; new e-mail after confirmation)', body: 'ResetCompleteBody', ok: ok('Session token', ref('TokenAnswer')), errors: [400, 403, 404, 429] }),
  },
  '/api/auth/email/confirm': { post: op({ summary: 'Confirm a new login e-mail', ok: ok('Session token', ref('TokenAnswer')), errors: [400, 403, 404] }) },
  '/api/user': { get: op({ summary: 'Refresh the session token', auth: true, ok: ok('Token and profile'), errors: [401, 403] }) },
  '/api/filters': {
    get: op({ summary: 'My watchdogs', auth: true, ok: ok('Watchdogs'), errors: [401] }),
    post: op({ summary: 'Create a watchdog (anonymous: confirmed by e-mail)', body: 'CreateFilterBody', ok: ok('created or replaced'), okStatus: 201, errors: [400, 403, 409, 429] }),
  },
  '/api/filters/confirm': { get: op({ summary: 'Confirmation link (redirects)', ok: ok('Redirect'), errors: [] }), post: op({ summary: 'Confirm an anonymous watchdog', ok: ok('Active watchdog'), errors: [404, 409] }) },
  '/api/filters/kept': { put: op({ summary: 'Choose the watchdogs that stay on under a lower limit (after or ahead of a downgrade)', auth: true, body: 'KeepFiltersBody', ok: ok('Watchdogs the limit applies to, and the limit'), errors: [400, 401] }) },
  '/api/filters/{id}': {
    get: op({ summary: 'One watchdog', auth: true, ok: ok('Watchdog', ref('FilterView')), errors: [401, 404] }),
    patch: op({ summary: 'Edit a watchdog', auth: true, body: 'UpdateFilterBody', ok: ok('Watchdog', ref('FilterView')), errors: [400, 401, 404] }),
    delete: op({ summary: 'Delete a watchdog', auth: true, ok: ok('Deleted'), errors: [401, 404] }),
  },
  '/api/filters/{id}/disable': { post: op({ summary: 'Disable', auth: true, ok: ok('Watchdog'), errors: [401, 404] }) },
  '/api/filters/{id}/enable': { post: op({ summary: 'Enable', auth: true, ok: ok('Watchdog'), errors: [401, 404, 409] }) },
  '/api/filters/{id}/prolong': { post: op({ summary: 'Prolong (token from the alert e-mail, or logged in)', ok: ok('Watchdog'), errors: [404, 409] }) },
  '/api/filters/{id}/unsubscribe': { post: op({ summary: 'One-click unsubscribe (RFC 8058)', ok: ok('Watchdog'), errors: [404] }) },
  '/api/profile': {
    get: op({ summary: 'My profile', auth: true, ok: ok('Profile and token'), errors: [401] }),
    patch: op({ summary: 'Edit profile', auth: true, ok: ok('Profile and token'), errors: [400, 401, 409] }),
    delete: op({ summary: 'Delete my account (password)', auth: true, ok: ok('Deleted'), errors: [400, 401, 403] }),
  },
  '/api/profile/delivery': {
    get: op({ summary: 'My delivery schedule: time zone, digest times, quiet hours; whether my tier has them; the next digests', auth: true, ok: ok('Delivery settings'), errors: [401] }),
    put: op({ summary: 'Set my delivery schedule (Mini and above)', auth: true, ok: ok('Delivery settings'), errors: [400, 401, 403] }),
  },
  '/api/filters/{id}/members': {
    get: op({ summary: 'Who gets a shared watchdog\'s alerts (invited, confirmed) and the tier\'s limit', auth: true, ok: ok('Invitees'), errors: [401, 404] }),
    post: op({ summary: 'Invite by e-mail (double opt-in; refused for a bounced address)', auth: true, ok: ok('Invitees'), okStatus: 201, errors: [400, 401, 403, 404, 409, 429] }),
  },
  '/api/filters/{id}/members/{email}': { delete: op({ summary: 'Remove an invitee', auth: true, ok: ok('Invitees'), errors: [401, 404] }) },
  '/api/filters/{id}/members/leave': { post: op({ summary: 'Leave a shared watchdog (signed link from the alert, one-click, or logged in)', ok: ok('Left'), errors: [404] }) },
  '/api/filters/members/confirm': { get: op({ summary: 'Invitation link (redirects)', ok: ok('Redirect'), errors: [] }), post: op({ summary: 'Confirm an invitation', ok: ok('Confirmed'), errors: [404] }) },
  '/api/filters/shared': { get: op({ summary: 'Watchdogs shared with me', auth: true, ok: ok('Shared watchdogs'), errors: [401] }) },
  '/api/filters/shared/{id}': {
    put: op({ summary: 'My delivery of a shared watchdog (at once or in my digest)', auth: true, ok: ok('Shared watchdog'), errors: [400, 401, 403, 404] }),
    delete: op({ summary: 'Leave a shared watchdog', auth: true, ok: ok('Left'), errors: [401, 404] }),
  },
  '/api/profile/email-preferences': { put: op({ summary: 'E-mail consents', auth: true, body: 'EmailPreferencesBody', ok: ok('Profile and token'), errors: [400, 401] }) },
  '/api/profile/email': { post: op({ summary: 'Change login e-mail (link to the new address)', auth: true, ok: ok('Sent'), errors: [400, 401, 403] }) },
  '/api/profile/password': { post: op({ summary: 'Change password', auth: true, ok: ok('Profile and token'), errors: [400, 401, 403] }) },
  '/api/contact': { post: op({ summary: 'Contact form', ok: ok('Stored'), okStatus: 201, errors: [400, 429] }) },
  '/api/admin/users': { get: op({ summary: 'Search users', auth: true, ok: ok('Page of users'), errors: [401, 403] }) },
  '/api/admin/users/{id}': { get: op({ summary: 'User detail with watchdogs', auth: true, ok: ok('User'), errors: [401, 403, 404] }) },
  '/api/admin/users/{id}/filters': { get: op({ summary: 'User watchdogs', auth: true, ok: ok('Watchdogs'), errors: [401, 403, 404] }) },
  '/api/admin/users/{id}/block': { post: op({ summary: 'Block', auth: true, ok: ok('User'), errors: [401, 403, 404] }) },
  '/api/admin/users/{id}/unblock': { post: op({ summary: 'Unblock', auth: true, ok: ok('User'), errors: [401, 403, 404] }) },
  '/api/admin/users/{id}/role': { patch: op({ summary: 'Change role and its expiry', auth: true, ok: ok('User'), errors: [400, 401, 403, 404] }) },
  '/api/admin/contacts': { get: op({ summary: 'Contact messages', auth: true, ok: ok('Page of messages'), errors: [401, 403] }) },
  '/api/admin/contacts/{id}': { get: op({ summary: 'Contact message', auth: true, ok: ok('Message'), errors: [401, 403, 404] }) },
  '/api/admin/crawlers': { get: op({ summary: 'Crawler figures per portal, hourly counters of 7 days, failures and alerts (crawler)', auth: true, ok: ok('Crawlers'), errors: [401, 403] }) },
  '/api/admin/crawlers/{portal}/pause': { post: op({ summary: 'Pause a portal for every crawler instance (audited)', auth: true, ok: ok('Portal'), errors: [401, 403, 404] }) },
  '/api/admin/crawlers/{portal}/resume': { post: op({ summary: 'Resume a paused portal (audited)', auth: true, ok: ok('Portal'), errors: [401, 403, 404] }) },
  '/api/admin/dead-letters': { get: op({ summary: 'Dead-letter topics with counts, recent bulk jobs (ops)', auth: true, ok: ok('Topics'), errors: [401, 403] }) },
  '/api/admin/dead-letters/topics/{topic}': { get: op({ summary: 'A dead-letter topic\'s messages in Kafka order (?state=&after=)', auth: true, ok: ok('Page of messages'), errors: [401, 403, 404] }) },
  '/api/admin/dead-letters/messages/{id}': { get: op({ summary: 'One dead letter with its error, headers and body', auth: true, ok: ok('Message'), errors: [401, 403, 404] }) },
  '/api/admin/dead-letters/messages/{id}/replay': { post: op({ summary: 'Replay one message ({dryRun}); 409 when done or over the replay limit', auth: true, ok: ok('Replay'), errors: [401, 403, 404, 409, 503] }) },
  '/api/admin/dead-letters/messages/{id}/discard': { post: op({ summary: 'Discard one message ({dryRun})', auth: true, ok: ok('Discard'), errors: [401, 403, 404, 409] }) },
  '/api/admin/dead-letters/topics/{topic}/replay-all': { post: op({ summary: 'Replay a topic as a resumable job ({dryRun})', auth: true, ok: ok('Job or dry run'), errors: [401, 403, 404] }) },
  '/api/admin/dead-letters/topics/{topic}/discard-all': { post: op({ summary: 'Discard a topic as a resumable job ({dryRun})', auth: true, ok: ok('Job or dry run'), errors: [401, 403, 404] }) },
  '/api/admin/dead-letters/jobs/{id}': { get: op({ summary: 'A bulk job\'s state and counts', auth: true, ok: ok('Job'), errors: [401, 403, 404] }) },
  '/api/offers': { get: op({ summary: 'Offers (normaliser); non-public ones as teasers unless the session is entitled', ok: ok('Offers'), errors: [400, 503] }) },
  '/api/offers/{id}': { get: op({ summary: 'One offer; a non-public one in full from Standard up (bearer), else its teaser', ok: ok('Offer', ref('Offer')), errors: [404, 503] }) },
  '/api/ads/advertisers/{id}': { get: op({ summary: 'An advertiser\'s public page: company and running campaigns (ad-serving)', ok: ok('Advertiser'), errors: [404] }) },
  '/api/autocomplete': { get: op({ summary: 'Places for the location field (?q=)', ok: ok('Places'), errors: [400] }) },
  '/api/billing/plans': { get: op({ summary: 'Paid tiers, prices (CZK incl. VAT) and entitlements', ok: ok('Plans'), errors: [] }) },
  '/api/billing/checkout': { post: op({ summary: 'Order a tier: card (gatewayUrl) or bank transfer (QR Platba)', auth: true, body: 'CheckoutBody', ok: ok('Payment'), errors: [400, 401, 409, 503] }) },
  '/api/billing/payments': { get: op({ summary: 'My payments', auth: true, ok: ok('Payments'), errors: [401] }) },
  '/api/billing/payments/{id}': { get: op({ summary: 'A payment, looked up at the provider while open', auth: true, ok: ok('Payment'), errors: [401, 404] }) },
  '/api/billing/subscription': { get: op({ summary: 'My subscription (or null)', auth: true, ok: ok('Subscription'), errors: [401] }) },
  '/api/billing/subscription/cancel': { post: op({ summary: 'Cancel at the period end', auth: true, ok: ok('Subscription'), errors: [401, 404] }) },
  '/api/billing/subscription/change': { post: op({ summary: 'A lower tier from the next period', auth: true, ok: ok('Subscription'), errors: [400, 401, 404, 409] }) },
  '/api/billing/subscription/withdraw': { post: op({ summary: 'Withdraw from the contract within 14 days (refund, credit note)', auth: true, ok: ok('Refund'), errors: [401, 409] }) },
  '/api/billing/invoices': { get: op({ summary: 'My tax documents', auth: true, ok: ok('Invoices'), errors: [401] }) },
  '/api/billing/invoices/{id}/pdf': { get: op({ summary: 'Tax document as PDF (?token= for a plain link)', auth: true, ok: ok('PDF'), errors: [401, 404] }) },
  '/api/billing/invoices/{id}/isdoc': { get: op({ summary: 'Tax document as ISDOC 6.0.2 XML', auth: true, ok: ok('ISDOC'), errors: [401, 404] }) },
  '/api/billing/admin/payments/{id}/refund': { post: op({ summary: 'Refund a card payment with a credit note (admin)', auth: true, ok: ok('Payment and credit note'), errors: [401, 403, 404, 409] }) },
  '/api/billing/gopay/notify': { get: op({ summary: "GoPay's payment notification (?id=); the state is looked up", ok: ok('Handled'), errors: [400, 404, 502, 503] }) },
  '/api/health': { get: op({ summary: 'Health of every service', ok: ok('All healthy'), errors: [503] }) },
};

let cached: JsonSchema | null = null;

/** The OpenAPI 3.1 document, generated from the proto schemas once per process. */
export function openApiDocument(): JsonSchema {
  cached ??= {
    openapi: '3.1.0',
    info: { title: 'Reality Radar API', version: '1.0.0', description: 'Watchdogs for Czech real-estate offers. Errors: {error:{code,message,fields}}.' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: Object.fromEntries(Object.entries(SCHEMAS).map(([name, s]) => [name, zodToJsonSchema(s)])),
    },
    paths: PATHS,
  };
  return cached;
}
