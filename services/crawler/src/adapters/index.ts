import type { Portal } from '@rr/proto';
import { bazosAdapter } from './bazos';
import { bezrealitkyAdapter } from './bezrealitky';
import { idnesAdapter } from './idnes';
import { realityczAdapter } from './realitycz';
import { realitymixAdapter } from './realitymix';
import { srealityAdapter } from './sreality';
import { ulovdomovAdapter } from './ulovdomov';
import type { PortalAdapter } from './types';

/** Portal → adapter, one for each portal we ingest. */
export const ADAPTERS: Record<Portal, PortalAdapter> = {
  sreality: srealityAdapter,
  bezrealitky: bezrealitkyAdapter,
  idnes: idnesAdapter,
  bazos: bazosAdapter,
  ulovdomov: ulovdomovAdapter,
  realitycz: realityczAdapter,
  realitymix: realitymixAdapter,
};
