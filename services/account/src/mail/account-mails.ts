import type { AdType, Locale, RealEstateType, WatchdogCriteria } from '@rr/proto';
import type { Mailer } from '@rr/kit';
import { renderMail, type MailContent } from './layout';
import { describeMapArea } from './map-area-summary';

const AD_TYPE: Record<AdType, Record<Locale, string>> = {
  Sale: { cs: 'prodej', en: 'sale' },
  Rent: { cs: 'pronájem', en: 'rent' },
  Auction: { cs: 'dražba', en: 'auction' },
  Roommates: { cs: 'spolubydlení', en: 'roommates' },
  Other: { cs: 'ostatní', en: 'other' },
};
const ESTATE_TYPE: Record<RealEstateType, Record<Locale, string>> = {
  Apartment: { cs: 'byt', en: 'apartment' },
  House: { cs: 'dům', en: 'house' },
  Land: { cs: 'pozemek', en: 'land' },
  Commercial: { cs: 'komerční', en: 'commercial' },
  Other: { cs: 'ostatní', en: 'other' },
};

const SELLER: Record<'private' | 'agency', Record<Locale, string>> = {
  private: { cs: 'jen soukromí prodejci', en: 'private sellers only' },
  agency: { cs: 'jen realitní kanceláře', en: 'agencies only' },
};

const money = (n: number, locale: Locale) => `${new Intl.NumberFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB').format(n)} Kč`;

/**
 * A few lines that tell a person which watchdog an e-mail is about. An area drawn on the map is
 * told in words, with a link to the watchdog's page (`pageUrl`) that shows it on a map.
 */
export function summariseCriteria(c: WatchdogCriteria, locale: Locale, pageUrl?: string): string[] {
  const cs = locale === 'cs';
  const places = c.places.map((p) => (p.radiusKm ? `${p.name} (+${p.radiusKm} km)` : p.name)).join(', ');
  const lines = [
    `${cs ? 'Nabídka' : 'Offer'}: ${c.adTypes.map((a) => AD_TYPE[a][locale]).join(', ')}`,
    `${cs ? 'Typ nemovitosti' : 'Property'}: ${c.realEstateTypes.map((r) => ESTATE_TYPE[r][locale]).join(', ')}`,
    c.mapArea ? describeMapArea(c.mapArea, locale) : `${cs ? 'Lokalita' : 'Location'}: ${places}`,
  ];
  if (c.mapArea && pageUrl) lines.push(`${cs ? 'Zobrazit na mapě' : 'Show on the map'}: ${pageUrl}`);
  if (c.dispositions.length) lines.push(`${cs ? 'Dispozice' : 'Layout'}: ${c.dispositions.join(', ')}`);
  if (c.price.from != null || c.price.to != null) {
    const from = c.price.from != null ? `${cs ? 'od' : 'from'} ${money(c.price.from, locale)}` : '';
    const to = c.price.to != null ? `${cs ? 'do' : 'to'} ${money(c.price.to, locale)}` : '';
    lines.push(`${cs ? 'Cena' : 'Price'}: ${[from, to].filter(Boolean).join(' ')}`);
  }
  if (c.area.from != null || c.area.to != null) lines.push(`${cs ? 'Plocha' : 'Area'}: ${c.area.from ?? 0}–${c.area.to ?? '∞'} m²`);
  if (c.words?.any.length) lines.push(`${cs ? 'Se slovy' : 'With words'}: ${c.words.any.join(', ')}`);
  if (c.words?.none.length) lines.push(`${cs ? 'Bez slov' : 'Without words'}: ${c.words.none.join(', ')}`);
  if (c.seller && c.seller !== 'any') lines.push(`${cs ? 'Prodávající' : 'Seller'}: ${SELLER[c.seller][locale]}`);
  return lines;
}

type Texts = Omit<MailContent, 'locale' | 'action' | 'summary'> & { actionLabel: string };

const TEXTS: Record<'register' | 'reset' | 'emailChange' | 'watchdogConfirm', Record<Locale, (minutes: number) => Texts>> = {
  register: {
    cs: (m) => ({
      subject: 'Dokončete svou registraci na Reality Radar',
      preheader: 'Jedním kliknutím si založíte účet.',
      greeting: 'Vítejte v Reality Radar!',
      paragraphs: ['Děkujeme za registraci. Pro dokončení klikněte na tlačítko níže a vyplňte jméno a heslo.', 'V účtu pak snadno spravujete své hlídací psy.'],
      actionLabel: 'Dokončit registraci',
      note: `Odkaz platí ${m} minut a lze ho použít jen jednou.`,
    }),
    en: (m) => ({
      subject: 'Complete your Reality Radar registration',
      preheader: 'One click and your account is ready.',
      greeting: 'Welcome to Reality Radar!',
      paragraphs: ['Thank you for registering. To finish, click the button below and fill in your name and password.', 'Your account lets you manage all your watchdogs.'],
      actionLabel: 'Complete registration',
      note: `The link works for ${m} minutes and only once.`,
    }),
  },
  reset: {
    cs: (m) => ({
      subject: 'Změna přihlašovacích údajů na Reality Radar',
      preheader: 'Nastavte si nové heslo.',
      greeting: 'Změna přihlašovacích údajů',
      paragraphs: ['Požádali jste o změnu hesla nebo přihlašovacího e-mailu. Klikněte na tlačítko a zadejte nové údaje.'],
      actionLabel: 'Změnit údaje',
      note: `Odkaz platí ${m} minut a lze ho použít jen jednou. Pokud jste o změnu nežádali, e-mail ignorujte.`,
    }),
    en: (m) => ({
      subject: 'Change your Reality Radar login details',
      preheader: 'Set a new password.',
      greeting: 'Change of login details',
      paragraphs: ['You asked to change your password or login e-mail. Click the button and enter the new details.'],
      actionLabel: 'Change details',
      note: `The link works for ${m} minutes and only once. If you did not ask for this, ignore this e-mail.`,
    }),
  },
  emailChange: {
    cs: (m) => ({
      subject: 'Potvrďte novou přihlašovací adresu',
      preheader: 'Ještě jeden krok ke změně e-mailu.',
      greeting: 'Potvrďte nový e-mail',
      paragraphs: ['Tuto adresu jste zadali jako nový přihlašovací e-mail na Reality Radar. Změnu potvrďte tlačítkem níže.'],
      actionLabel: 'Potvrdit e-mail',
      note: `Odkaz platí ${m} minut a lze ho použít jen jednou.`,
    }),
    en: (m) => ({
      subject: 'Confirm your new login e-mail',
      preheader: 'One more step to change your e-mail.',
      greeting: 'Confirm your new e-mail',
      paragraphs: ['You entered this address as your new Reality Radar login e-mail. Confirm the change with the button below.'],
      actionLabel: 'Confirm e-mail',
      note: `The link works for ${m} minutes and only once.`,
    }),
  },
  watchdogConfirm: {
    cs: (m) => ({
      subject: 'Potvrďte svého hlídacího psa',
      preheader: 'Po potvrzení vám začnou chodit nové nabídky.',
      greeting: 'Ještě jeden klik a hlídáme za vás',
      paragraphs: ['Založili jste hlídacího psa na Reality Radar. Aby vám chodila upozornění, potvrďte prosím, že e-mail patří vám.'],
      actionLabel: 'Aktivovat hlídacího psa',
      note: `Odkaz platí ${Math.round(m / 60)} hodin. Bez potvrzení vám nepošleme žádný e-mail.`,
    }),
    en: (m) => ({
      subject: 'Confirm your watchdog',
      preheader: 'Once confirmed, new offers start coming.',
      greeting: 'One more click and we watch for you',
      paragraphs: ['You created a watchdog at Reality Radar. To receive alerts, please confirm that this e-mail is yours.'],
      actionLabel: 'Activate watchdog',
      note: `The link works for ${Math.round(m / 60)} hours. Without confirmation we send you nothing.`,
    }),
  },
};

export type AccountMailKind = keyof typeof TEXTS;

export class AccountMails {
  constructor(private readonly mailer: Mailer) {}

  contactReply(m: Parameters<typeof sendContactReply>[1]): Promise<void> {
    return sendContactReply(this.mailer, m);
  }

  /**
   * The plan's limit fell (an expiry, a downgrade, a withdrawal): which watchdogs were switched off,
   * and the link to choose which stay on.
   */
  async watchdogsLimited(to: string, locale: Locale, m: { limit: number; off: string[]; url: string }): Promise<void> {
    const cs = locale === 'cs';
    const mail = renderMail({
      locale,
      subject: cs ? 'Někteří hlídací psi byli vypnuti' : 'Some of your watchdogs were switched off',
      preheader: cs ? `Váš tarif teď dovoluje ${m.limit} aktivních hlídacích psů.` : `Your plan now allows ${m.limit} active watchdogs.`,
      greeting: cs ? 'Změnil se váš tarif' : 'Your plan has changed',
      paragraphs: [cs
        ? `Váš tarif teď dovoluje nejvýše ${m.limit} aktivních hlídacích psů, proto jsme vypnuli tyto (zapnutí zůstali ti, které jste si vybrali, a pak nejnovější):`
        : `Your plan now allows at most ${m.limit} active watchdogs, so we switched these off (the ones you chose stayed on, then the newest):`],
      summary: m.off.slice(0, 20),
      action: { label: cs ? 'Vybrat, kteří zůstanou zapnutí' : 'Choose which stay on', url: m.url },
      note: cs ? 'Vypnuté hlídací psy nemažeme: zapnou se sami, když tarif zase zvýšíte.' : 'We keep the switched-off watchdogs: they come back by themselves when you raise your plan again.',
    });
    await this.mailer.send({ to, ...mail, category: 'watchdogs-limited' });
  }

  /** A plan's owner gave this person a seat: whose plan it is now theirs too, and where to see it. */
  async teamAdded(to: string, locale: Locale, m: { ownerEmail: string; url: string }): Promise<void> {
    const cs = locale === 'cs';
    const mail = renderMail({
      locale,
      subject: cs ? 'Máte místo v tarifu na Reality Radar' : 'You have a seat on a Reality Radar plan',
      preheader: cs ? `${m.ownerEmail} vás přidal(a) ke svému tarifu.` : `${m.ownerEmail} added you to their plan.`,
      greeting: cs ? 'Vítejte v týmu' : 'Welcome to the team',
      paragraphs: [cs
        ? `${m.ownerEmail} vám dal(a) místo ve svém tarifu. Dokud jeho předplatné trvá, máte všechno, co tarif obsahuje: víc hlídacích psů, upozornění na zlevnění, historii cen i RadarPrice.`
        : `${m.ownerEmail} gave you a seat on their plan. For as long as their subscription lasts you have everything it includes: more watchdogs, price-drop alerts, price history and RadarPrice.`],
      action: { label: cs ? 'Zobrazit můj profil' : 'See my profile', url: m.url },
      note: cs ? 'Z týmu můžete kdykoli odejít v profilu.' : 'You can leave the team at any time on your profile.',
    });
    await this.mailer.send({ to, ...mail, category: 'team-added' });
  }

  /** An invitation to a shared watchdog (double opt-in: nothing is sent to the invitee until they confirm). */
  async memberInvitation(to: string, locale: Locale, m: { url: string; owner: string; ownerEmail: string; summary: string[]; days: number }): Promise<void> {
    const cs = locale === 'cs';
    const mail = renderMail({
      locale,
      subject: cs ? `${m.owner} s vámi sdílí hlídacího psa na Reality Radar` : `${m.owner} shares a watchdog with you on Reality Radar`,
      preheader: cs ? 'Po potvrzení vám budou chodit nové nabídky.' : 'Once you confirm, new offers start coming.',
      greeting: cs ? 'Pozvánka ke sdílenému hlídacímu psovi' : 'An invitation to a shared watchdog',
      paragraphs: [cs
        ? `${m.owner} (${m.ownerEmail}) vás zve, abyste spolu s ním dostávali upozornění na nové nabídky tohoto hlídacího psa. Pokud o to stojíte, potvrďte to tlačítkem níže.`
        : `${m.owner} (${m.ownerEmail}) invites you to receive the alerts of this watchdog about new offers too. If you want them, confirm with the button below.`],
      summary: m.summary,
      action: { label: cs ? 'Chci dostávat upozornění' : 'I want the alerts', url: m.url },
      note: cs
        ? `Odkaz platí ${m.days} dní. Bez potvrzení vám nepošleme nic; z odběru můžete kdykoli odejít odkazem v každém upozornění.`
        : `The link works for ${m.days} days. Without confirmation we send you nothing; you can leave at any time with the link in every alert.`,
    });
    await this.mailer.send({ to, ...mail, category: 'member-invitation' });
  }

  async send(kind: AccountMailKind, to: string, locale: Locale, url: string, ttlMinutes: number, summary?: string[]): Promise<void> {
    const { actionLabel, ...texts } = TEXTS[kind][locale](ttlMinutes);
    const mail = renderMail({ ...texts, locale, action: { label: actionLabel, url }, summary });
    await this.mailer.send({ to, ...mail, category: kind === 'watchdogConfirm' ? 'watchdog-confirm' : 'magic-link' });
  }
}

const REPLY: Record<Locale, { greeting: string; preheader: string; actionLabel: string; note: (subject: string) => string; quote: string }> = {
  cs: { greeting: 'Odpověď na vaši zprávu', preheader: 'Odpovídáme na zprávu z kontaktního formuláře.', actionLabel: 'Napsat nám znovu', note: (s) => `Odpovídáme na vaši zprávu „${s}“. Stačí odpovědět na tento e-mail.`, quote: 'Vaše zpráva' },
  en: { greeting: 'A reply to your message', preheader: 'Our answer to your message from the contact form.', actionLabel: 'Write to us again', note: (s) => `This answers your message "${s}". Just reply to this e-mail.`, quote: 'Your message' },
};

/** An admin's answer to a contact message, in the writer's language, quoting what they wrote. */
export async function sendContactReply(mailer: Mailer, m: { to: string; locale: Locale; subject: string; body: string; original: string; contactUrl: string }): Promise<void> {
  const t = REPLY[m.locale];
  const mail = renderMail({
    locale: m.locale, subject: m.subject, preheader: t.preheader, greeting: t.greeting,
    paragraphs: m.body.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean),
    summary: [`${t.quote}:`, ...m.original.split('\n').slice(0, 20)],
    action: { label: t.actionLabel, url: m.contactUrl }, note: t.note(m.subject),
  });
  await mailer.send({ to: m.to, ...mail, category: 'contact-reply' });
}
