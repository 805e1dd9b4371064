import type { Logger } from './logger';

type Closer = { name: string; close: () => Promise<unknown> | unknown };

/**
 * Closes what a service opened, in reverse order, on SIGTERM or SIGINT; a second signal or a
 * stuck closer ends the process anyway.
 */
export class Shutdown {
  private readonly closers: Closer[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly log: Logger, private readonly timeoutMs = 10_000) {}

  add(name: string, close: Closer['close']): void {
    this.closers.push({ name, close });
  }

  trapSignals(): void {
    const onSignal = (signal: NodeJS.Signals) => {
      if (this.running) process.exit(1);
      this.log.info({ signal }, 'shutting down');
      void this.run().then(() => process.exit(0));
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }

  run(): Promise<void> {
    this.running ??= this.closeAll();
    return this.running;
  }

  private async closeAll(): Promise<void> {
    const timer = setTimeout(() => {
      this.log.error('shutdown timed out');
      process.exit(1);
    }, this.timeoutMs);
    timer.unref();
    for (const { name, close } of [...this.closers].reverse()) {
      try {
        await close();
      } catch (err) {
        this.log.warn({ err, name }, 'closing failed');
      }
    }
    clearTimeout(timer);
  }
}
