import { testRunId } from '@rr/kit/testing';
import { isDeletable, isTestTopic } from './delete-topics';

describe('which scratch topics a cleanup deletes', () => {
  const now = Date.UTC(2026, 10, 26, 16, 0);
  const topicOf = (ms: number) => `t${testRunId(ms)}.offer.published`;

  it('keeps a test topic younger than the window and deletes an older one', () => {
    expect(isDeletable(topicOf(now - 5 * 60_000), now, 20)).toBe(false);
    expect(isDeletable(topicOf(now - 25 * 60_000), now, 20)).toBe(true);
    expect(isDeletable(topicOf(now), now, 0)).toBe(true);
  });

  it('deletes scratch topics of the older id shapes at once and never touches the system topics', () => {
    expect(isDeletable('t1a2b3c4d.offer.published', now, 20)).toBe(true);
    expect(isDeletable('bench0a1b2c.listing.fetched', now, 20)).toBe(true);
    expect(isDeletable('bench-0a1b2c3d.listing.fetched.v1', now, 20)).toBe(true);
    expect(isDeletable('bench-analytics.offer.published.v1', now, 0)).toBe(false);
    expect(isDeletable('offer.published', now, 0)).toBe(false);
    expect(isDeletable('rr.offer.published', now, 0)).toBe(false);
  });

  it('tells test topics from a benchmark\'s, which infra start leaves alone', () => {
    expect(isTestTopic(topicOf(now))).toBe(true);
    expect(isTestTopic('t1a2b3c4d.offer.published')).toBe(true);
    expect(isTestTopic('benchfeed01.watchdog.changed.v1')).toBe(false);
    expect(isTestTopic('bench-0a1b2c3d.listing.fetched.v1')).toBe(false);
    expect(isTestTopic('scale.watchdog.changed.v1')).toBe(false);
    expect(isTestTopic('offer.published')).toBe(false);
  });
});
