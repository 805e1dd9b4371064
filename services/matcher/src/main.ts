import { runService, type ServiceDefinition } from '@rr/kit';
import { MatcherConfig } from './config';
import { startMatcher } from './matcher';

export const matcherService: ServiceDefinition<typeof MatcherConfig> = { name: 'matcher', configSchema: MatcherConfig, database: false, start: startMatcher };

if (require.main === module) {
  void runService(matcherService).catch((err: Error) => {
    // The logger may not exist yet (bad configuration): the one place stderr is written directly.
    process.stderr.write(`matcher failed to start: ${err.message}\n`);
    process.exit(1);
  });
}
