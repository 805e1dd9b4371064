/** Waits `ms` milliseconds: the pause between retries and polls. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
