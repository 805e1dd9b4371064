import type { EstimateAnswer, MatchCountAnswer, ReportAnswer } from '@rr/proto';
import { api, ApiError } from '../../../lib/api';
import { useLocaleStore } from '../../../i18n/locale.store';
import { useSession } from '../../session/stores/session.store';

const queryText = (query: Record<string, string>) => new URLSearchParams(query).toString();

export const analyticsApi = {
  estimate: (offerId: string) => api<EstimateAnswer>(`/analytics/estimate?offerId=${encodeURIComponent(offerId)}`, { auth: false }),
  // With the session: the report's depth follows the tier (a visitor gets the summary).
  report: (query: Record<string, string>) => api<ReportAnswer>(`/analytics/report?${queryText(query)}`),
  matchCount: (query: Record<string, string>) => api<MatchCountAnswer>(`/analytics/match-count?${queryText(query)}`, { auth: false }),
  /** The report as a CSV file (export level): fetched with the session, so the token never goes in a URL. */
  async reportCsv(query: Record<string, string>): Promise<{ blob: Blob; fileName: string }> {
    const token = useSession.getState().token;
    const headers: Record<string, string> = { 'accept-language': useLocaleStore.getState().locale, ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const response = await fetch(`/api/analytics/report.csv?${queryText(query)}`, { headers });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { code: ApiError['code']; message: string } } | null;
      throw new ApiError(response.status, body?.error?.code ?? 'INTERNAL', body?.error?.message ?? response.statusText);
    }
    const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'report.csv';
    return { blob: await response.blob(), fileName };
  },
};
