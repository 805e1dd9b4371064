import type { Portal } from '@rr/proto';
import { bazosRenderer } from './bazos';
import { bezrealitky } from './bezrealitky';
import { idnesRenderer } from './idnes';
import { realityczRenderer } from './realitycz';
import { realitymixRenderer } from './realitymix';
import { sreality } from './sreality';
import type { PortalRenderer } from './types';
import { ulovdomov } from './ulovdomov';

/** Every portal's renderer, each mounted under `/<portal>`. */
export const RENDERERS: PortalRenderer[] = [
  sreality, bezrealitky, idnesRenderer, bazosRenderer, ulovdomov, realityczRenderer, realitymixRenderer,
];

export const MOUNTED_PORTALS: Portal[] = RENDERERS.map((r) => r.portal);
