import type { Locale, PlanTier } from '@rr/proto';
import { PLANS, PRAGUE_TIME_ZONE, ROLE_LABELS } from '@rr/proto';
import type { Mailer } from '@rr/kit';

type Kind = 'renewal-failed' | 'expired' | 'withdrawn' | 'renewal-bank';

export type BankDetails = { accountNumber: string; iban: string; variableSymbol: string; amount: number; confirmationUrl: string };

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const date = (d: Date, locale: Locale) => new Intl.DateTimeFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', { timeZone: PRAGUE_TIME_ZONE, day: 'numeric', month: 'numeric', year: 'numeric' }).format(d);

/** The words of each mail, cs and en; Czech recurring charges come back without a reason, so none is guessed. */
const time = (d: Date, locale: Locale) => new Intl.DateTimeFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', { timeZone: PRAGUE_TIME_ZONE, dateStyle: 'long', timeStyle: 'short' }).format(d);
const money = (halere: number, locale: Locale) => new Intl.NumberFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', { style: 'currency', currency: 'CZK' }).format(halere / 100);

function words(kind: Kind, locale: Locale, name: string, until: Date, link: string, amount = 0, bank?: BankDetails) {
  const d = date(until, locale);
  if (kind === 'renewal-bank' && bank) {
    const details = locale === 'cs'
      ? [`Číslo účtu: ${bank.accountNumber} (IBAN ${bank.iban})`, `Částka: ${money(bank.amount, locale)}`, `Variabilní symbol: ${bank.variableSymbol}`]
      : [`Account: ${bank.accountNumber} (IBAN ${bank.iban})`, `Amount: ${money(bank.amount, locale)}`, `Variable symbol: ${bank.variableSymbol}`];
    return locale === 'cs'
      ? { subject: `Předplatné ${name} končí ${d} – platební údaje`, lines: [`Předplatné ${name} placené převodem končí ${d}. Pokud chcete pokračovat, pošlete platbu na další období:`, ...details, 'QR kód pro aplikaci banky najdete na stránce platby:'], button: 'Platba a QR kód', link: bank.confirmationUrl }
      : { subject: `Your ${name} subscription ends on ${d} – payment details`, lines: [`Your ${name} subscription paid by transfer ends on ${d}. To continue, send the payment for the next period:`, ...details, 'The QR code for your banking app is on the payment page:'], button: 'Payment and QR code', link: bank.confirmationUrl };
  }
  if (kind === 'withdrawn') {
    return locale === 'cs'
      ? { subject: 'Potvrzení odstoupení od smlouvy', lines: [`Potvrzujeme, že jste ${time(until, locale)} odstoupili od smlouvy o předplatném ${name}.`, `Předplatné skončilo. Vrátíme vám ${money(amount, locale)} na původní platební prostředek do 14 dnů; opravný daňový doklad najdete v profilu.`], button: 'Předplatné', link }
      : { subject: 'Withdrawal from the contract confirmed', lines: [`We confirm that you withdrew from the ${name} subscription contract on ${time(until, locale)}.`, `The subscription has ended. We refund ${money(amount, locale)} to the original payment method within 14 days; the credit note is on your profile.`], button: 'Subscription', link };
  }
  if (locale === 'cs') {
    return kind === 'renewal-failed'
      ? { subject: `Platba za tarif ${name} neprošla`, lines: [`Obnovení předplatného ${name} se nepodařilo zaplatit kartou.`, `Tarif vám necháme do ${d}; mezitím to zkusíme znovu.`, 'Zaplatit můžete i sami, kartou nebo převodem s QR kódem:'], button: 'Zaplatit předplatné', link }
      : { subject: `Tarif ${name} skončil`, lines: [`Předplatné ${name} skončilo a účet přešel na bezplatný tarif.`, 'Předplatné můžete kdykoli obnovit:'], button: 'Vybrat tarif', link };
  }
  return kind === 'renewal-failed'
    ? { subject: `Payment for the ${name} plan did not go through`, lines: [`We could not charge your card to renew the ${name} plan.`, `You keep the plan until ${d}; we will try again meanwhile.`, 'You can also pay yourself, by card or by bank transfer with a QR code:'], button: 'Pay for the subscription', link }
    : { subject: `Your ${name} plan has ended`, lines: [`Your ${name} subscription has ended and the account is on the free plan.`, 'You can subscribe again at any time:'], button: 'Choose a plan', link };
}

export class SubscriptionMails {
  constructor(private readonly mailer: Mailer, private readonly publicUrl: string) {}

  send(kind: Kind, to: { email: string; locale: Locale; tier: PlanTier; until: Date; amount?: number; bank?: BankDetails }): Promise<unknown> {
    const name = ROLE_LABELS[PLANS[to.tier].role][to.locale];
    const link = `${this.publicUrl.replace(/\/$/, '')}${to.locale === 'cs' ? '/premium-ucet' : '/premium-account'}`;
    const w = words(kind, to.locale, name, to.until, link, to.amount, to.bank);
    const html = `<!DOCTYPE html><html lang="${to.locale}"><body style="font-family:Arial,sans-serif">${w.lines.map((l) => `<p>${esc(l)}</p>`).join('')}<p><a href="${esc(w.link)}">${esc(w.button)}</a></p><p>Reality Radar</p></body></html>`;
    const text = `${w.lines.join('\n')}\n${w.link}\n\nReality Radar`;
    return this.mailer.send({ to: to.email, subject: w.subject, html, text, category: `billing-${kind}` });
  }
}
