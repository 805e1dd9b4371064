import type { Locale, PlanTier } from '@rr/proto';
import { PLANS, ROLE_LABELS } from '@rr/proto';
import type { Mailer } from '@rr/kit';

type Kind = 'renewal-failed' | 'expired';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const date = (d: Date, locale: Locale) => new Intl.DateTimeFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', { timeZone: 'Europe/Prague', day: 'numeric', month: 'numeric', year: 'numeric' }).format(d);

/** The words of each mail, cs and en; Czech recurring charges come back without a reason, so none is guessed. */
function words(kind: Kind, locale: Locale, name: string, until: Date, link: string) {
  const d = date(until, locale);
  if (locale === 'cs') {
    return kind === 'renewal-failed'
      ? { subject: `Platba za tarif ${name} neprošla`, lines: [`Obnovení předplatného ${name} se nepodařilo zaplatit kartou.`, `Tarif vám necháme do ${d}; mezitím to zkusíme znovu.`, 'Zaplatit můžete i sami, kartou nebo převodem s QR kódem:'], button: 'Zaplatit předplatné', link }
      : { subject: `Tarif ${name} skončil`, lines: [`Předplatné ${name} skončilo a účet přešel na bezplatný tarif.`, 'Hlídací psi nad limitem bezplatného tarifu jsou vypnutí (nejnovější zůstaly zapnuté); které nechat zapnuté, vyberete v Mých filtrech.', 'Předplatné můžete kdykoli obnovit:'], button: 'Vybrat tarif', link };
  }
  return kind === 'renewal-failed'
    ? { subject: `Payment for the ${name} plan did not go through`, lines: [`We could not charge your card to renew the ${name} plan.`, `You keep the plan until ${d}; we will try again meanwhile.`, 'You can also pay yourself, by card or by bank transfer with a QR code:'], button: 'Pay for the subscription', link }
    : { subject: `Your ${name} plan has ended`, lines: [`Your ${name} subscription has ended and the account is on the free plan.`, 'Watchdogs above the free limit are switched off (the newest stayed on); choose which stay on in My filters.', 'You can subscribe again at any time:'], button: 'Choose a plan', link };
}

export class SubscriptionMails {
  constructor(private readonly mailer: Mailer, private readonly publicUrl: string) {}

  send(kind: Kind, to: { email: string; locale: Locale; tier: PlanTier; until: Date }): Promise<unknown> {
    const name = ROLE_LABELS[PLANS[to.tier].role][to.locale];
    const link = `${this.publicUrl.replace(/\/$/, '')}${to.locale === 'cs' ? '/premium-ucet' : '/premium-account'}`;
    const w = words(kind, to.locale, name, to.until, link);
    const html = `<!DOCTYPE html><html lang="${to.locale}"><body style="font-family:Arial,sans-serif">${w.lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(w.link)}">${esc(w.button)}</a></p><p>Reality Radar</p></body></html>`;
    const text = `${w.lines.join('\n')}\n${w.link}\n\nReality Radar`;
    return this.mailer.send({ to: to.email, subject: w.subject, html, text, category: `billing-${kind}` });
  }
}
