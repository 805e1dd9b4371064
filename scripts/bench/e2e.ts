import { runPipeline } from './pipeline-run';

/**
 * bench:e2e — the whole system on the portal simulator: 1,000+ watchdogs of many recipients, a
 * stream of offers partly cross-posted, portals polled every 15 s; a tenth of the people read a
 * digest and a tenth sleep through quiet hours, both due a minute after the stream. Prints
 * {"alerts","duplicates","missed","pipelineP50ms","pipelineP99ms","e2eP50ms","e2eP99ms","held":{…},…}.
 */
runPipeline({ name: 'e2e', watchdogs: 3000, recipients: 2000, perMinute: 60, durationSeconds: 120, crossPostShare: 0.3, pollSeconds: 15, held: { digestShare: 0.1, quietShare: 0.1 } })
  .then((figures) => process.stdout.write(`${JSON.stringify(figures)}\n`))
  .catch((err) => {
    process.stderr.write(`[bench] ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  });
