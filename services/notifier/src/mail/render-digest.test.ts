import { type Offer } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import { renderAlertEmail, type AlertEmailInput } from './render-alert';

const second: Offer = { ...exampleOffer, id: 'p_2', title: 'Pronájem bytu 2+kk 48 m²', price: 21_000, adType: 'Rent' };
const input = (overrides: Partial<AlertEmailInput> = {}): AlertEmailInput => ({
  locale: 'cs', emailId: 'e_1', publicUrl: 'https://realityradar.cz/', tokenOf: (id) => `tok-${id}`, ad: null,
  email: 'partner@example.cz', memberTokenOf: (id, email) => `mtok-${id}-${email}`,
  items: [{ offer: exampleOffer, watchdogId: 'w_1', reason: 'new', heldFor: 'digest' }, { offer: second, watchdogId: 'w_1', reason: 'new', heldFor: 'digest' }],
  ...overrides,
});
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('a digest e-mail', () => {
  it('lists every offer under a digest subject and intro, in Czech and English', () => {
    const cs = renderAlertEmail(input());
    expect(plain(cs.subject)).toBe('Přehled nabídek: 2 nové nabídky – Reality Radar');
    expect(cs.text).toContain('Váš přehled nabídek');
    for (const title of ['Prodej bytu 3+kk 71 m²', 'Pronájem bytu 2+kk 48 m²']) expect(cs.html).toContain(title);
    expect(plain(cs.text)).toContain('21 000 Kč za měsíc');
    const en = renderAlertEmail(input({ locale: 'en' }));
    expect(en.subject).toBe('Your digest: 2 new offers – Reality Radar');
    expect(en.html).toContain('Your digest of offers');
    expect(en.html).toContain('<html lang="en">');
  });

  it('calls a single held offer a digest too, and one held for quiet hours says so', () => {
    expect(plain(renderAlertEmail(input({ items: [input().items[0]] })).subject)).toBe('Přehled nabídek: 1 nová nabídka – Reality Radar');
    const quiet = renderAlertEmail(input({ locale: 'en', items: [{ ...input().items[0], heldFor: 'quiet' }] }));
    expect(quiet.subject).toMatch(/^New offer: /);
    expect(quiet.text).toContain('during your quiet hours');
  });
});

describe('an alert of a shared watchdog to an invitee', () => {
  const member = input({ items: [{ offer: exampleOffer, watchdogId: 'w_1', reason: 'new', member: true }] });

  it('offers to leave the shared watchdog, not to edit or unsubscribe it, and one-click leaves', () => {
    const mail = renderAlertEmail(member);
    expect(mail.html).toContain('https://realityradar.cz/lp-leave/w_1?email=partner%40example.cz&amp;token=mtok-w_1-partner%40example.cz');
    expect(mail.text).toContain('Přestat dostávat upozornění tohoto psa');
    expect(mail.text).not.toContain('Upravit hlídacího psa');
    expect(mail.text).not.toContain('/unsubscribe');
    expect(mail.headers['List-Unsubscribe']).toBe('<https://realityradar.cz/api/filters/w_1/members/leave?email=partner%40example.cz&token=mtok-w_1-partner%40example.cz>');
    expect(mail.text).toContain('přijali pozvání');
  });

  it('keeps the owner links for the person\'s own watchdog in the same e-mail', () => {
    const mail = renderAlertEmail(input({ items: [member.items[0], { offer: second, watchdogId: 'w_own', reason: 'new' }] }));
    expect(mail.text).toContain('/lp-unsubscribe/w_own?token=tok-w_own');
    expect(mail.text).toContain('/lp-leave/w_1?');
  });
});
