import { PRAGUE_TIME_ZONE } from '@rr/proto';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: PRAGUE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
let cachedMinute = -1;
let cachedDay = '';

/** The calendar day in Prague (`2026-11-25`): caps and reports count Czech days, not 24 hours. */
export function pragueDay(ms: number): string {
  const minute = Math.floor(ms / 60_000);
  if (minute !== cachedMinute) {
    cachedMinute = minute;
    cachedDay = dayFormat.format(ms);
  }
  return cachedDay;
}

/**
 * At most `perDay` banners of one campaign per recipient and Prague day. Keys are opaque
 * (a keyed hash of the address), and only today's counts are held: memory is bounded by one
 * day's e-mails, and yesterday's map is dropped at midnight.
 */
export class FrequencyCap {
  private day = '';
  private counts = new Map<string, number>();

  constructor(private readonly perDay: number) {}

  allows(recipientKey: string, campaignId: string, now: number): boolean {
    this.roll(now);
    return (this.counts.get(`${recipientKey}|${campaignId}`) ?? 0) < this.perDay;
  }

  record(recipientKey: string, campaignId: string, now: number): void {
    this.roll(now);
    const key = `${recipientKey}|${campaignId}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  size(): number {
    return this.counts.size;
  }

  private roll(now: number): void {
    const day = pragueDay(now);
    if (day !== this.day) {
      this.day = day;
      this.counts = new Map();
    }
  }
}
