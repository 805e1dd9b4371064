import type { EstimateAnswer, MatchCountAnswer, ReportAnswer } from '@rr/proto';
import { api } from '../../../lib/api';

export const analyticsApi = {
  estimate: (offerId: string) => api<EstimateAnswer>(`/analytics/estimate?offerId=${encodeURIComponent(offerId)}`, { auth: false }),
  report: (query: Record<string, string>) => api<ReportAnswer>(`/analytics/report?${new URLSearchParams(query).toString()}`, { auth: false }),
  matchCount: (query: Record<string, string>) => api<MatchCountAnswer>(`/analytics/match-count?${new URLSearchParams(query).toString()}`, { auth: false }),
};
