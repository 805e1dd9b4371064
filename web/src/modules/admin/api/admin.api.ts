import type { FilterView } from '@rr/proto';
import type { Profile } from '../../profile/api/profile.api';
import { api } from '../../../lib/api';

export type AdminUser = Profile & { blockedReason: string | null; lastLoginAt: string | null };
export type AuditEntry = {
  id: string; at: string; adminId: string; adminEmail: string; action: string;
  targetType: string; targetId: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null;
};
export type AdminFilter = FilterView & { sentCount: number; lastEmailAt: string | null; email: string };
export type AdminUserDetail = { user: AdminUser; filters: AdminFilter[]; audit: AuditEntry[] };
export type ContactState = 'new' | 'answered' | 'closed';
export type ContactAnswer = { at: string; adminEmail: string; subject: string; body: string };
export type ContactMessage = {
  id: string; email: string; name: string | null; telephone: string | null; subject: string | null; message: string;
  locale: string; userId: string | null; state: ContactState; createdAt: string; answers: ContactAnswer[];
};
export type Page<T> = { items: T[]; next: string | null };
export type Overview = {
  users: number; activeWatchdogs: number; newContacts: number;
  alerts: { today: number; week: number }; bounces: { today: number; week: number };
};
export type PortalHealth = { lastSuccessAt: string | null; lastCrawlAt: string | null; parseFailures: number; emittedTotal: number; circuit: string; alert: string | null; crawled: boolean };
export type SystemHealth = { ok: boolean; services: Record<string, { ok: boolean; details?: { portals?: Record<string, PortalHealth> } }> };

export type CrawlerAlertKind = 'zero-results' | 'parse-failures' | 'failing';
export type CrawlerPortal = {
  portal: string; enabled: boolean; paused: { at: string; by: string } | null;
  lastSuccessAt: string | null; lastCrawlAt: string | null; nextTickAt: string | null; lastError: string | null; circuit: string; listingsKnown: number;
  alert: { kind: CrawlerAlertKind; reason: string; since: string } | null;
  listingsLastHour: number; listingsPerHour24h: number; emitted24h: number; parseFailures24h: number; failedCrawls24h: number; crawls24h: number;
  recentFailures: Array<{ url: string; reason: string; at: string }>;
  alerts: Array<{ kind: CrawlerAlertKind; reason: string; raisedAt: string; clearedAt: string | null }>;
};
export type CrawlerHour = { portal: string; hour: string; crawls: number; failedCrawls: number; listingsSeen: number; emitted: number; withdrawn: number; parseFailures: number; fetchErrors: number };
export type CrawlersView = { generatedAt: string; portals: CrawlerPortal[]; hours: CrawlerHour[] };

export type DeadLetterTopic = { topic: string; originalTopic: string; total: number; pending: number; replayed: number; discarded: number };
export type DeadLetterJob = { id: string; topic: string; action: 'replay' | 'discard'; state: 'running' | 'done' | 'failed'; replayed: number; discarded: number; skipped: number; startedAt: string; startedBy: string; finishedAt: string | null; error: string | null };
export type DeadLetterState = 'pending' | 'replayed' | 'discarded';
export type DeadLetterOutcome = 'waiting' | 'processed' | 'failed-again' | 'unknown';
export type DeadLetter = {
  id: string; topic: string; originalTopic: string | null; partition: number; offset: string; key: string | null; group: string | null;
  errorCode: string | null; errorMessage: string | null; eventId: string | null; eventType: string | null; replayCount: number; deadLetteredAt: string;
  state: DeadLetterState; replayedAt: string | null; replayedBy: string | null; discardedAt: string | null; discardedBy: string | null; outcome: DeadLetterOutcome | null;
  value?: string; headers?: Record<string, string>;
};
export type DeadLettersOverview = { maxReplays: number; topics: DeadLetterTopic[]; jobs: DeadLetterJob[] };
export type ReplayResult = { id: string; dryRun: boolean; to?: string; replayCount?: number };
export type BulkResult = { topic: string; action: 'replay' | 'discard'; dryRun: true; open: number; wouldAct: number; wouldSkip: number } | { topic: string; action: 'replay' | 'discard'; dryRun: false; job: DeadLetterJob };

const qs = (params: Record<string, string | number | null | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v != null && v !== '') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};

export const adminApi = {
  overview: () => api<Overview>('/admin/overview'),
  // The gateway's health report is not wrapped in `{data}` and answers 503 with the same body.
  health: async (): Promise<SystemHealth> => (await fetch('/api/health', { headers: { accept: 'application/json' } })).json() as Promise<SystemHealth>,
  users: (q: string, after: string | null) => api<Page<AdminUser> & { search: string }>(`/admin/users${qs({ q, after, limit: 25 })}`),
  user: (id: string) => api<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`),
  setRole: (id: string, role: number, roleExpiresAt: string | null) => api<AdminUser>(`/admin/users/${encodeURIComponent(id)}/role`, { method: 'PATCH', body: { role, roleExpiresAt } }),
  block: (id: string, reason: string) => api<AdminUser>(`/admin/users/${encodeURIComponent(id)}/block`, { method: 'POST', body: { reason } }),
  unblock: (id: string) => api<AdminUser>(`/admin/users/${encodeURIComponent(id)}/unblock`, { method: 'POST', body: {} }),
  remove: (id: string) => api<{ deleted: string }>(`/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  contacts: (state: ContactState | null, after: string | null) => api<Page<ContactMessage>>(`/admin/contacts${qs({ state, after, limit: 25 })}`),
  contact: (id: string) => api<ContactMessage>(`/admin/contacts/${encodeURIComponent(id)}`),
  answer: (id: string, subject: string, body: string) => api<ContactMessage>(`/admin/contacts/${encodeURIComponent(id)}/answer`, { method: 'POST', body: { subject, body } }),
  setContactState: (id: string, state: ContactState) => api<ContactMessage>(`/admin/contacts/${encodeURIComponent(id)}`, { method: 'PATCH', body: { state } }),
  crawlers: () => api<CrawlersView>('/admin/crawlers'),
  setPortalPaused: (portal: string, pause: boolean) => api<{ portal: string; paused: { at: string; by: string } | null }>(`/admin/crawlers/${encodeURIComponent(portal)}/${pause ? 'pause' : 'resume'}`, { method: 'POST', body: {} }),
  deadLetters: () => api<DeadLettersOverview>('/admin/dead-letters'),
  deadLetterPage: (topic: string, state: DeadLetterState | null, after: string | null) => api<Page<DeadLetter>>(`/admin/dead-letters/topics/${encodeURIComponent(topic)}${qs({ state, after, limit: 25 })}`),
  deadLetter: (id: string) => api<DeadLetter>(`/admin/dead-letters/messages/${encodeURIComponent(id)}`),
  replayDeadLetter: (id: string, dryRun: boolean) => api<ReplayResult>(`/admin/dead-letters/messages/${encodeURIComponent(id)}/replay`, { method: 'POST', body: { dryRun } }),
  discardDeadLetter: (id: string, dryRun: boolean) => api<ReplayResult>(`/admin/dead-letters/messages/${encodeURIComponent(id)}/discard`, { method: 'POST', body: { dryRun } }),
  bulkDeadLetters: (topic: string, action: 'replay' | 'discard', dryRun: boolean) => api<BulkResult>(`/admin/dead-letters/topics/${encodeURIComponent(topic)}/${action}-all`, { method: 'POST', body: { dryRun } }),
  audit: (after: string | null) => api<Page<AuditEntry>>(`/admin/audit${qs({ after, limit: 50 })}`),
};
