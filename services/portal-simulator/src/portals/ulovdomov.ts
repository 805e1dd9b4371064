import type { PortalRenderer } from './types';

export const ulovdomov: PortalRenderer = {
  portal: 'ulovdomov',
  mount() {},
};
