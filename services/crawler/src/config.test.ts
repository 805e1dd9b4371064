import { loadConfig } from '@rr/kit';
import { CrawlerConfig, portalSettingsOf } from './config';

const settingsFrom = (env: Record<string, string>) => portalSettingsOf(loadConfig(CrawlerConfig, { SERVICE_NAME: 'crawler', JWT_SECRET: 'x'.repeat(32), ...env }));

describe('portal settings', () => {
  it('keeps the real portals\' pace by default, with a short burst after a quiet spell', () => {
    const settings = settingsFrom({});
    expect(settings.bazos).toMatchObject({ ratePerSecond: 0.5, burst: 3, concurrency: 1, honourRobots: true });
    expect(settings.sreality).toMatchObject({ ratePerSecond: 4, burst: 4, honourRobots: false });
    expect(settings.sreality.robotsNote).toMatch(/robots\.txt disallows \/api\//);
  });

  it('takes per-portal overrides and scales rate, burst and concurrency for the simulator only by the multiplier', () => {
    const settings = settingsFrom({ PORTAL_BURST_BAZOS: '1', PORTAL_RATE_IDNES: '1', CRAWL_RATE_MULTIPLIER: '10' });
    expect(settings.bazos).toMatchObject({ ratePerSecond: 5, burst: 10, concurrency: 10 });
    expect(settings.idnes).toMatchObject({ ratePerSecond: 10, burst: 30 });
  });
});
