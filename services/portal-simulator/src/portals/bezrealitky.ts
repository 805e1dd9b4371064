import type { PortalRenderer } from './types';

export const bezrealitky: PortalRenderer = {
  portal: 'bezrealitky',
  mount() {},
};
