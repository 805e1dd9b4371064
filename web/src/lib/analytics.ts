import { parseConsent } from './consent';

/** Events of spec §7. They reach the data layer only when analytics storage is granted. */
export type AnalyticsEvent =
  | 'login' | 'register_start' | 'register_complete' | 'reset_start' | 'reset_complete'
  | 'pageview' | 'user_state' | 'landing_page' | 'filter_created';

type DataLayerWindow = { dataLayer?: Array<Record<string, unknown>> };

export function analyticsAllowed(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return parseConsent(cookie)?.storages.analytics_storage === 'granted';
}

export function track(event: AnalyticsEvent, params: Record<string, unknown> = {}, target: DataLayerWindow = globalThis as DataLayerWindow, cookie?: string): boolean {
  if (!analyticsAllowed(cookie)) return false;
  target.dataLayer = target.dataLayer ?? [];
  target.dataLayer.push({ event, ...params });
  return true;
}
