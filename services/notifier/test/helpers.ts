import { waitForValue } from '@rr/kit/testing';
import { type MatchFoundV1, type Offer } from '@rr/proto';
import { exampleOffer, EXAMPLES } from '@rr/proto/examples';

export type CaughtMail = { subject: string; time: string; html: string; text: string; to: Array<{ address: string }>; headers: Record<string, string> };

/** Mail the local catcher (MailDev) received for one address. */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const all = (await (await fetch('http://127.0.0.1:1080/email')).json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

export const waitFor = waitForValue;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function matchFor(email: string, offer: Partial<Offer> & { id: string }, overrides: Partial<MatchFoundV1> = {}): MatchFoundV1 {
  return {
    ...EXAMPLES['match.found'],
    recipient: { email, locale: 'cs', userId: null },
    offer: { ...exampleOffer, ...offer },
    matchedAt: new Date().toISOString(),
    fetchedAt: new Date().toISOString(),
    ...overrides,
  };
}
