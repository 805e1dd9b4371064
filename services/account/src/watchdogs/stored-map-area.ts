import type { WatchdogCriteria } from '@rr/proto';
import type { WatchdogRecord } from './watchdog.model';

/**
 * The database (FerretDB) stores no arrays inside arrays, and a GeoJSON polygon is one: a
 * watchdog's area is kept as its GeoJSON text in the document and read back as the object. Only
 * the repository sees the stored form.
 */
export function criteriaToStore<T extends Partial<Pick<WatchdogRecord, 'criteria'>>>(fields: T): T {
  const area = fields.criteria?.mapArea;
  if (area == null || typeof area === 'string') return fields;
  return { ...fields, criteria: { ...fields.criteria, mapArea: JSON.stringify(area) as unknown as WatchdogCriteria['mapArea'] } };
}

export function restoredRecord<T extends WatchdogRecord | null>(record: T): T {
  const area = record?.criteria?.mapArea as unknown;
  if (typeof area === 'string') record!.criteria = { ...record!.criteria, mapArea: JSON.parse(area) as WatchdogCriteria['mapArea'] };
  else if (record?.criteria && area === undefined) record.criteria = { ...record.criteria, mapArea: null };
  return record;
}
