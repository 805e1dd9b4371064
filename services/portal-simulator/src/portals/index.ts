import type { Portal } from '@rr/proto';
import { bazosRenderer } from './bazos';
import { bezrealitky } from './bezrealitky';
import { idnesRenderer } from './idnes';
import { realityczRenderer } from './realitycz';
import { realitymixRenderer } from './realitymix';
import { sreality } from './sreality';
import type { PortalRenderer, SimListing } from './types';
import { ulovdomov } from './ulovdomov';

/** Every portal's renderer, each mounted under `/<portal>`. */
export const RENDERERS: PortalRenderer[] = [
  sreality, bezrealitky, idnesRenderer, bazosRenderer, ulovdomov, realityczRenderer, realitymixRenderer,
];

export const MOUNTED_PORTALS: Portal[] = RENDERERS.map((r) => r.portal);

/** The layout a listing's portal states for it: what a reader of that portal can know. */
export function shownLayout(l: SimListing): SimListing['dispositionLabel'] {
  const renderer = RENDERERS.find((r) => r.portal === l.portal);
  return renderer?.shownLayout ? renderer.shownLayout(l) : l.dispositionLabel;
}
