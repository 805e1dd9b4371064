import type { Portal } from '@rr/proto';
import type { PortalRenderer } from './types';
import { sreality } from './sreality';
import { bezrealitky } from './bezrealitky';
import { ulovdomov } from './ulovdomov';

/**
 * Every portal's renderer. The four HTML portals are written in parallel; until a file exists it
 * is skipped here rather than breaking the simulator.
 */
function optional(name: string): PortalRenderer | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const mod = require(`./${name}`) as Record<string, unknown>;
    const renderer = Object.values(mod).find((v): v is PortalRenderer => !!v && typeof v === 'object' && 'mount' in v && 'portal' in v);
    return renderer ?? null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && String((err as Error).message).includes(`./${name}`)) return null;
    throw err;
  }
}

export const RENDERERS: PortalRenderer[] = [
  sreality,
  bezrealitky,
  optional('idnes'),
  optional('bazos'),
  ulovdomov,
  optional('realitycz'),
  optional('realitymix'),
].filter((r): r is PortalRenderer => r !== null);

export const MOUNTED_PORTALS: Portal[] = RENDERERS.map((r) => r.portal);
