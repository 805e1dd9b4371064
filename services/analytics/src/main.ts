import { runService, type ServiceDefinition } from '@rr/kit';
import { startAnalytics } from './analytics';
import { AnalyticsConfig } from './config';

export const analyticsService: ServiceDefinition<typeof AnalyticsConfig> = { name: 'analytics', configSchema: AnalyticsConfig, database: true, start: startAnalytics };

if (require.main === module) {
  void runService(analyticsService).catch((err: Error) => {
    // The logger may not exist yet (bad configuration): the one place stderr is written directly.
    process.stderr.write(`analytics failed to start: ${err.message}\n`);
    process.exit(1);
  });
}
