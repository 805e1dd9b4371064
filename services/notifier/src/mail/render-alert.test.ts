import { type Offer } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import { renderAlertEmail, type AlertEmailInput } from './render-alert';

const input = (overrides: Partial<AlertEmailInput> = {}): AlertEmailInput => ({
  locale: 'cs', emailId: 'e_1', publicUrl: 'https://realityradar.cz/', tokenOf: (id) => `tok-${id}`, ad: null,
  items: [{ offer: exampleOffer, watchdogId: 'w_1', reason: 'new' }],
  ...overrides,
});
const crossPosted: Offer = {
  ...exampleOffer,
  sources: [...exampleOffer.sources, { ...exampleOffer.sources[0], portal: 'bezrealitky', listingId: 'b1', url: 'https://www.bezrealitky.cz/nemovitosti-byty-domy/1' }],
};

describe('renderAlertEmail', () => {
  it('names the offer, its price in Kč, place and portals in HTML and text', () => {
    const mail = renderAlertEmail(input({ items: [{ offer: crossPosted, watchdogId: 'w_1', reason: 'new' }] }));
    expect(mail.subject.replace(/\u00a0/g, ' ')).toBe('Nová nabídka: Prodej bytu 3+kk 71 m² – 8 490 000 Kč');
    for (const part of [mail.html, mail.text]) {
      expect(part.replace(/\u00a0/g, ' ')).toContain('8 490 000 Kč');
      expect(part).toContain('Praha 8 - Troja');
      expect(part).toContain('Sreality.cz, Bezrealitky.cz');
      expect(part).toContain('https://realityradar.cz/detail/p_7f3a9c2e41d0');
      expect(part).toContain(exampleOffer.url);
    }
    expect(mail.html).toContain(`src="${exampleOffer.imageUrl!.replace(/&/g, '&amp;')}"`);
  });

  it('links to edit (emailId, filterId), prolong and unsubscribe, with one-click headers', () => {
    const mail = renderAlertEmail(input());
    expect(mail.text).toContain('filterId=w_1&emailId=e_1');
    expect(mail.text).toContain('https://realityradar.cz/api/filters/w_1/prolong?token=tok-w_1');
    expect(mail.text).toContain('https://realityradar.cz/lp-unsubscribe/w_1?token=tok-w_1');
    expect(mail.headers['List-Unsubscribe']).toBe('<https://realityradar.cz/api/filters/w_1/unsubscribe?token=tok-w_1>');
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('adds "za měsíc" to rentals and writes English for English recipients', () => {
    const rent = { ...exampleOffer, adType: 'Rent' as const, price: 25_000, title: 'Pronájem bytu 2+kk' };
    expect(renderAlertEmail(input({ items: [{ offer: rent, watchdogId: 'w', reason: 'new' }] })).text.replace(/\u00a0/g, ' ')).toContain('25 000 Kč za měsíc');
    const en = renderAlertEmail(input({ locale: 'en' }));
    expect(en.subject).toBe('New offer: Prodej bytu 3+kk 71 m² – 8,490,000 Kč');
    expect(en.text).toContain('Unsubscribe');
  });

  it('gathers several offers into one e-mail with a counted subject', () => {
    const items = [1, 2, 3].map((i) => ({ offer: { ...exampleOffer, id: `p_${i}`, title: `Byt ${i}` }, watchdogId: 'w_1', reason: 'new' as const }));
    const mail = renderAlertEmail(input({ items }));
    expect(mail.subject).toBe('3 nové nabídky – Reality Radar');
    for (const i of [1, 2, 3]) expect(mail.html).toContain(`/detail/p_${i}`);
  });

  it('renders the banner slot only when there is an ad', () => {
    const plain = renderAlertEmail(input());
    expect(plain.html).not.toContain('Reklama');
    expect(plain.text).not.toContain('odmítnout');
    const withAd = renderAlertEmail(input({ ad: { imageUrl: 'https://ads.example/b.png', mobileImageUrl: 'https://ads.example/m.png', clickUrl: 'https://ads.example/c', alt: 'Hypotéka' } }));
    expect(withAd.html).toContain('https://ads.example/b.png');
    expect(withAd.html).toContain('<img class="ad-m" src="https://ads.example/m.png"');
    expect(withAd.html).toContain('alt="Hypotéka"');
  });

  it('marks an e-mail with a banner as a commercial communication and keeps the way to refuse ads in it', () => {
    const ad = { imageUrl: 'https://ads.example/b.png', clickUrl: 'https://ads.example/c', alt: 'Hypotéka' };
    const cs = renderAlertEmail(input({ ad }));
    expect(cs.html).toContain('Reklama – obchodní sdělení');
    expect(cs.html).toContain('href="https://realityradar.cz/inzerce"');
    expect(cs.html).toContain('href="https://realityradar.cz/muj-profil"');
    expect(cs.text).toContain('Reklama – obchodní sdělení: Hypotéka https://ads.example/c');
    expect(cs.text).toContain('Nastavení e-mailů: https://realityradar.cz/muj-profil');
    const en = renderAlertEmail(input({ ad, locale: 'en' }));
    expect(en.text).toContain('Advertisement – commercial communication');
    expect(en.text).toContain('https://realityradar.cz/my-profile');
  });

  it('leads "about this ad" to the advertiser\'s public page in the reader\'s language', () => {
    const ad = { imageUrl: 'https://ads.example/b.png', clickUrl: 'https://ads.example/c', alt: 'Hypotéka', advertiserId: 'u_42' };
    expect(renderAlertEmail(input({ ad })).html).toContain('href="https://realityradar.cz/uzivatel/u_42"');
    expect(renderAlertEmail(input({ ad, locale: 'en' })).text).toContain('About this ad: https://realityradar.cz/user/u_42');
  });

  it('shows the previous price of a price drop', () => {
    const dropped = { ...exampleOffer, price: 7_990_000, priceHistory: [{ price: 8_490_000, at: exampleOffer.createdAt }, { price: 7_990_000, at: exampleOffer.createdAt }] };
    const mail = renderAlertEmail(input({ items: [{ offer: dropped, watchdogId: 'w_1', reason: 'priceDrop' }] }));
    expect(mail.subject.startsWith('Zlevněno:')).toBe(true);
    expect(mail.html.replace(/\u00a0/g, ' ')).toContain('dříve 8 490 000 Kč');
  });

  it('says an offer is back on the market, in both languages', () => {
    const item = { offer: exampleOffer, watchdogId: 'w_1', reason: 'backOnMarket' as const };
    expect(renderAlertEmail(input({ items: [item] })).subject.startsWith('Znovu v nabídce: Prodej bytu 3+kk')).toBe(true);
    const en = renderAlertEmail(input({ locale: 'en', items: [item] }));
    expect(en.subject.startsWith('Back on the market: Prodej bytu 3+kk')).toBe(true);
    expect(en.text).toContain('Back on the market: Prodej bytu 3+kk');
    expect(en.text).toContain(exampleOffer.url);
  });

  it('tells that an offer is no longer active, linking to its page with alternatives and not to the gone portal page', () => {
    const withdrawn = { ...exampleOffer, active: false };
    const item = { offer: withdrawn, watchdogId: 'w_1', reason: 'noLongerActive' as const };
    const cs = renderAlertEmail(input({ items: [item] }));
    expect(cs.subject.startsWith('Nabídka již není aktivní: Prodej bytu 3+kk')).toBe(true);
    expect(cs.text).toContain('Nabídka, o které jsme vám psali, už není aktivní');
    expect(cs.text).toContain('Podobné nabídky: https://realityradar.cz/detail/p_7f3a9c2e41d0');
    expect(cs.html).toContain('Podobné nabídky');
    for (const part of [cs.html, cs.text]) expect(part).not.toContain(exampleOffer.url);
    expect(cs.text).toContain('vypnout v nastavení hlídacího psa');
    const en = renderAlertEmail(input({ locale: 'en', items: [item, { ...item, offer: { ...withdrawn, id: 'p_2' } }] }));
    expect(en.subject).toBe('2 offers are no longer active – Reality Radar');
    expect(en.text).toContain('Offer is no longer active: Prodej bytu 3+kk');
    expect(en.text).toContain('Similar offers: https://realityradar.cz/detail/p_2');
  });

  it('counts only the offers, not the notices, in the subject of a mixed e-mail', () => {
    const items = [
      { offer: { ...exampleOffer, id: 'p_1' }, watchdogId: 'w_1', reason: 'new' as const },
      { offer: { ...exampleOffer, id: 'p_2' }, watchdogId: 'w_1', reason: 'backOnMarket' as const },
      { offer: { ...exampleOffer, id: 'p_3', active: false }, watchdogId: 'w_1', reason: 'noLongerActive' as const },
    ];
    const mail = renderAlertEmail(input({ items }));
    expect(mail.subject).toBe('2 nové nabídky – Reality Radar');
    expect(mail.text).toContain('Našli jsme pro vás nabídky');
    expect(mail.text).toContain('Nabídka již není aktivní: Prodej bytu 3+kk');
  });

  it('escapes listing text', () => {
    const mail = renderAlertEmail(input({ items: [{ offer: { ...exampleOffer, title: '<script>x</script>' }, watchdogId: 'w', reason: 'new' }] }));
    expect(mail.html).not.toContain('<script>');
  });

  it('tells a watchdog\'s area drawn on the map in words, with its owner\'s link to the page that shows the map', () => {
    const area = { polygons: 2, km2: 3.4449 };
    const cs = renderAlertEmail(input({ items: [{ offer: exampleOffer, watchdogId: 'w_1', reason: 'new', mapArea: area }] }));
    expect(cs.text).toContain('Oblast na mapě: 2 oblasti (~3,4 km²)\nZobrazit na mapě: https://realityradar.cz/moje-filtry/w_1?filterId=w_1&emailId=e_1');
    expect(cs.html).toMatch(/Oblast na mapě: 2 oblasti \(~3,4 km²\) · <a href="https:\/\/realityradar.cz\/moje-filtry\/w_1\?filterId=w_1&amp;emailId=e_1"[^>]*>Zobrazit na mapě<\/a>/);
    const en = renderAlertEmail(input({ locale: 'en', items: [{ offer: exampleOffer, watchdogId: 'w_1', reason: 'new', mapArea: { polygons: 1, km2: 25.9 } }] }));
    expect(en.text).toContain('Area on the map: 1 area (~26 km²)\nShow on the map: ');
    expect(en.html).toContain('>Show on the map</a>');
  });

  it('names the area once per watchdog, and none for a watchdog without one', () => {
    const items = [
      { offer: { ...exampleOffer, id: 'p_1' }, watchdogId: 'w_area', reason: 'new' as const, mapArea: { polygons: 3, km2: 12 } },
      { offer: { ...exampleOffer, id: 'p_2' }, watchdogId: 'w_area', reason: 'new' as const, mapArea: { polygons: 3, km2: 12 } },
      { offer: { ...exampleOffer, id: 'p_3' }, watchdogId: 'w_places', reason: 'new' as const },
    ];
    const mail = renderAlertEmail(input({ items }));
    expect(mail.text.match(/Oblast na mapě: 3 oblasti \(~12 km²\)/g)).toHaveLength(1);
    expect(mail.html.match(/data-area/g)).toHaveLength(1);
    expect(renderAlertEmail(input()).text).not.toContain('Oblast na mapě');
  });

  it('tells an invitee the shared watchdog\'s area without the owner\'s page', () => {
    const mail = renderAlertEmail(input({
      email: 'partner@example.cz', memberTokenOf: () => 'm-tok',
      items: [{ offer: exampleOffer, watchdogId: 'w_1', reason: 'new', member: true, mapArea: { polygons: 1, km2: 0.5 } }],
    }));
    expect(mail.text).toContain('Oblast na mapě: 1 oblast (~0,5 km²)');
    expect(mail.text).not.toContain('moje-filtry');
    expect(mail.text).not.toContain('Zobrazit na mapě');
  });
});
