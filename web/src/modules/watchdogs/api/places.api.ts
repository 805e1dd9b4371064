import type { GeoPoint, PlaceKind } from '@rr/proto';
import { api } from '../../../lib/api';

/** One autocomplete hit: a region, district, municipality or Prague district. */
export type PlaceHit = { kind: PlaceKind; code: string; name: string; label?: string; point?: GeoPoint | null };

export async function searchPlaces(q: string, signal?: AbortSignal): Promise<PlaceHit[]> {
  const data = await api<PlaceHit[] | { items: PlaceHit[] }>(`/autocomplete?q=${encodeURIComponent(q)}`, { signal, auth: false });
  return Array.isArray(data) ? data : data?.items ?? [];
}
