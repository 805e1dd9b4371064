import type { Portal } from '@rr/proto';
import { bazosAdapter } from './bazos';
import { idnesAdapter } from './idnes';
import { srealityAdapter } from './sreality';
import type { PortalAdapter } from './types';

/** Portal → adapter. A portal without an adapter here is not crawled (logged at start). */
export const ADAPTERS: Partial<Record<Portal, PortalAdapter>> = {
  sreality: srealityAdapter,
  idnes: idnesAdapter,
  bazos: bazosAdapter,
};
