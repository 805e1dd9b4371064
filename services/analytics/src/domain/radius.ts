import { MIN_SAMPLE } from './report';

/**
 * Steps of the search radius around a place's centre, in km; 0 means the place itself. Capped at
 * 30 km: farther offers describe another market (Valuo's default search distance is 2 km).
 */
export const RADIUS_STEPS_KM = [0, 2, 5, 10, 20, 30] as const;

export type Widened<T> = { radiusKm: number; sample: T[]; reachedMinimum: boolean };

/**
 * Widens the radius step by step until the sample reaches the minimum; at the cap it returns the
 * largest sample with `reachedMinimum: false`, and the report then says "not enough data".
 */
export async function widenUntilEnough<T>(
  sampleAt: (radiusKm: number) => Promise<T[]> | T[],
  steps: readonly number[] = RADIUS_STEPS_KM,
  minimum = MIN_SAMPLE,
): Promise<Widened<T>> {
  let last: Widened<T> = { radiusKm: steps[0], sample: [], reachedMinimum: false };
  for (const radiusKm of steps) {
    const sample = await sampleAt(radiusKm);
    last = { radiusKm, sample, reachedMinimum: sample.length >= minimum };
    if (last.reachedMinimum) return last;
  }
  return last;
}
