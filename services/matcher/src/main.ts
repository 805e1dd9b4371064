import { runService } from '@rr/kit';
import { MatcherConfig } from './config';
import { startMatcher } from './matcher';

void runService({ name: 'matcher', configSchema: MatcherConfig, database: false, start: startMatcher }).catch((err: Error) => {
  process.stderr.write(`matcher failed to start: ${err.message}\n`);
  process.exit(1);
});
