import type { Envelope, EventData } from '@rr/proto';
import type { HandlerContext } from '@rr/kit';
import type { Counter } from '../counting/counter';

/**
 * The notifier sent alert e-mails; those that carried a banner are "sent" in the campaign's
 * report, each e-mail once (a redelivered event finds its record). The offsets are committed
 * only after the counting round stored them.
 */
export const onAlertSent = (counter: Counter) =>
  async (events: Array<Envelope<EventData<'alert.sent'>>>, _ctx: HandlerContext): Promise<void> => {
    await counter.sent(events.flatMap((e) => (e.data.adCampaignId && e.data.emailId ? [{ campaignId: e.data.adCampaignId, emailId: e.data.emailId, at: Date.parse(e.data.sentAt) }] : [])));
  };
