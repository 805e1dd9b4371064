import { EXAMPLES } from '@rr/proto/examples';
import { checkEvent } from './bus';

describe('checkEvent', () => {
  it('answers the parsed data of a valid event', () => {
    const data = { ...EXAMPLES['listing.fetched'], unknownField: 'dropped' };
    const checked = checkEvent('listing.fetched', data);
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(checked.data.listing.listingId).toBe(EXAMPLES['listing.fetched'].listing.listingId);
      expect(checked.data).not.toHaveProperty('unknownField');
    }
  });

  it('names the first field that does not fit', () => {
    const bad = { ...EXAMPLES['listing.fetched'], listing: { ...EXAMPLES['listing.fetched'].listing, url: 'not a url' } };
    expect(checkEvent('listing.fetched', bad)).toEqual({ ok: false, reason: expect.stringMatching(/^listing\.url: /) });
    expect(checkEvent('listing.fetched', null)).toEqual({ ok: false, reason: expect.stringMatching(/^\(data\): /) });
  });
});
