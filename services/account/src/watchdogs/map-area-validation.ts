import { areaCircle, checkMapArea, mapAreaCentre, type MapArea, type MapAreaProblem, type WatchdogPlace } from '@rr/proto';
import type { FieldErrors } from '../http/api-error';
import type { MessageKey, Translate } from '../i18n/messages';
import type { PlaceDirectory } from '../places/place-directory';

const MESSAGES: Record<MapAreaProblem, MessageKey> = {
  notGeoJson: 'mapAreaUnreadable',
  noPolygon: 'mapAreaNone',
  tooManyPolygons: 'mapAreaPolygons',
  tooManyPoints: 'mapAreaPoints',
  holes: 'mapAreaHoles',
  notClosed: 'mapAreaOpen',
  tooFewPoints: 'mapAreaCorners',
  outsideCzechia: 'mapAreaOutside',
  selfIntersecting: 'mapAreaCrossing',
  tooSmall: 'mapAreaSmall',
  tooLarge: 'mapAreaLarge',
  overlapping: 'mapAreaOverlap',
};

/** The radius a place may have (WatchdogPlace). */
const MAX_RADIUS_KM = 100;

/**
 * The area drawn on the map (proto criteria-area.ts), checked and canonical, and the one place an
 * area watchdog is filed under: the municipality (or Prague district) nearest the area's centre,
 * with the circle around the area that holds it whole (`areaCircle`). The matcher's index then finds the watchdog for
 * every offer in the area, and checks the polygons on those candidates. Places the client sent
 * with an area are replaced by it. Errors go to `criteria.mapArea`, naming the polygon when one is
 * at fault (`criteria.mapArea.2`: the second).
 */
export function validateMapArea(raw: unknown, errors: FieldErrors, tr: Translate, directory: PlaceDirectory): { mapArea: MapArea; place: WatchdogPlace } | null {
  if (raw == null) return null;
  const check = checkMapArea(raw);
  if (!check.ok) {
    errors.add(check.polygon == null ? 'mapArea' : `mapArea.${check.polygon + 1}`, tr(MESSAGES[check.problem]));
    return null;
  }
  const near = directory.near(mapAreaCentre(check.area));
  if (!near) {
    errors.add('mapArea', tr('mapAreaNoPlace'));
    return null;
  }
  const { point, radiusKm } = areaCircle(check.area);
  if (radiusKm > MAX_RADIUS_KM) {
    errors.add('mapArea', tr('mapAreaLarge'));
    return null;
  }
  return { mapArea: check.area, place: { kind: near.kind, code: near.code, name: near.name, point, radiusKm } };
}
