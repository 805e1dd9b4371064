import type { Envelope, EventData } from '@rr/proto';
import type { HandlerContext, HandlerResult } from '@rr/kit';
import type { Counter } from '../counting/counter';

/** A paid top-up becomes credit: booked once per payment (`dep:<paymentId>`), then the offset is committed. */
export const onAdCreditPurchased = (counter: Counter) =>
  async (event: Envelope<EventData<'ad-credit.purchased'>>, ctx: HandlerContext): Promise<HandlerResult> => {
    const { paymentId, userId, amount, at } = event.data;
    const booked = await counter.deposit(paymentId, userId, amount, Date.parse(at));
    ctx.log.info({ paymentId, userId, amount, booked }, booked ? 'advertising credit booked' : 'advertising credit already booked');
    return booked ? 'processed' : 'skipped';
  };
