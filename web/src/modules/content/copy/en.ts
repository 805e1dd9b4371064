import type { Copy } from './types';

export const copy: Copy = {
  howItWorks: {
    title: 'How it works',
    intro: 'Reality Radar continuously reads the big Czech real-estate portals and compares every new offer with everyone’s watchdogs. When an offer matches your selection, you have an e-mail within a minute.',
    sections: [
      { heading: '1. You set up a watchdog', paragraphs: ['Choose whether you want to buy, rent or look for roommates, the property type, the location and optionally price, area or layout. A location can be a region, a district, a municipality or a part of Prague – including the surroundings within a few kilometres.'] },
      { heading: '2. You confirm your e-mail', paragraphs: ['Without registration an e-mail is enough. We send you a link that switches the watchdog on – so we know the e-mails really go to you. With registration you manage all your watchdogs in one place.'] },
      { heading: '3. New offers arrive', paragraphs: ['Each offer comes only once, even when several portals advertise it. The e-mail shows the price, area, location and links to every portal that publishes it.', 'A flat for rent gets its first interested person in about 23 minutes and is usually gone within seven hours. That is why speed matters most.'] },
      { heading: 'No spam', paragraphs: ['We send only offers that match your selection. You can edit, disable or delete a watchdog at any time, with one click even straight from the e-mail.'] },
    ],
  },
  faq: {
    title: 'Frequently asked questions',
    intro: 'Did not find your answer? Write to us through the contact form.',
    items: [
      { q: 'How much does it cost?', a: 'A watchdog is free and needs no registration. Paid plans add, for example, price-drop alerts and more active watchdogs.' },
      { q: 'Which portals do you watch?', a: 'Sreality.cz, Bezrealitky.cz, iDNES Reality, Bazoš.cz, UlovDomov.cz, Reality.cz and RealityMix.cz. We keep adding more.' },
      { q: 'How fast do you send offers?', a: 'Usually within a minute of publication on the portal.' },
      { q: 'Will I get the same offer more than once?', a: 'No. We recognise the same property across portals and send it only once.' },
      { q: 'Why did I have to confirm my e-mail?', a: 'Without confirmation we could send e-mails to someone who never asked for them. You confirm only once.' },
      { q: 'How do I turn a watchdog off?', a: 'Every e-mail has an unsubscribe link. Registered users can disable and delete watchdogs under My watchdogs.' },
      { q: 'How long does a watchdog watch?', a: 'A free watchdog watches for 30 days. Before it expires we send you an e-mail with a link to prolong it.' },
      { q: 'Can I include the surroundings?', a: 'Yes. For each location you pick a radius, for example a municipality and 10 km around it.' },
    ],
  },
  ourStory: {
    title: 'Our story',
    intro: 'Reality Radar grew out of our own experience: when we were looking for a flat in Prague, we always called too late.',
    sections: [
      { heading: 'Why we started', paragraphs: ['Good offers disappear within hours. Going through seven portals every day was no fun, and the portals’ own alerts came late and duplicated.'] },
      { heading: 'What we do differently', paragraphs: ['We watch all the big portals at once, merge identical offers into one and send them within a minute. Nothing more, nothing less.'] },
      { heading: 'Who we are', paragraphs: ['A small team of developers and property enthusiasts from Prague and Brno. The service is supported by the CzechStarter programme.'] },
    ],
  },
  services: {
    title: 'Services',
    intro: 'Besides the watchdog, our partners help you with the next steps around property.',
    visitPartner: 'Visit the partner’s website',
    czechOnly: 'Czech only',
    items: {
      'agrarni-pudni-fond': { name: 'Agrární půdní fond', summary: 'Buying and leasing agricultural land at fair prices.', body: ['Available in Czech only.'], partnerUrl: 'https://www.agrarnipudnifond.cz' },
      'direct-nemovitosti': { name: 'Direct nemovitosti', summary: 'Sell your property without an agent’s commission.', body: ['Sell a flat or a house directly. The partner prepares the listing, viewings and legal service for a fixed price instead of a commission.'], partnerUrl: 'https://www.direct.cz' },
      'direct-pronajmy': { name: 'Direct pronájmy', summary: 'Rental management from choosing a tenant to the annual statement.', body: ['Renting out a flat? The partner finds a vetted tenant, prepares the contract and takes care of handover protocols and service charge statements.'], partnerUrl: 'https://www.direct.cz' },
      fingo: { name: 'Fingo', summary: 'A tailored mortgage comparing the banks.', body: ['Independent mortgage specialists compare the banks’ offers and negotiate a better rate. The consultation is free.'], partnerUrl: 'https://www.fingo.cz' },
      'kontrola-pozemku': { name: 'Kontrola pozemku', summary: 'Checking a plot before you buy.', body: ['We look up the zoning plan, easements, access road and utilities. You know what you are buying before you sign.'], partnerUrl: 'https://www.kontrolapozemku.cz' },
      'kontrola-smluv': { name: 'Kontrola smluv', summary: 'A lawyer’s review of a purchase or rental contract.', body: ['A lawyer reviews the reservation, purchase or rental contract and points out the risks. You usually have the result within two working days.'], partnerUrl: 'https://www.kontrolasmluv.cz' },
      ownest: { name: 'Ownest', summary: 'Your own home without a mortgage, bought out step by step.', body: ['Ownest buys the flat you choose; you live in it and buy it out gradually. Suitable when a mortgage is not yet within reach.'], partnerUrl: 'https://www.ownest.cz' },
    },
  },
  abroad: {
    title: 'Property abroad',
    intro: 'For now we watch Czech portals only. Property abroad is in preparation.',
    sections: [
      { heading: 'Slovakia and Austria', paragraphs: ['Slovak and Austrian portals come first. Want to know when we launch? Write to us through the contact form.'] },
      { heading: 'What to watch out for', paragraphs: ['When buying abroad, taxes, fees and land registration differ. We recommend having the contract checked by a local lawyer.'] },
    ],
  },
  terms: {
    title: 'Terms and conditions',
    intro: 'These terms govern the use of the Reality Radar service operated by Reality Radar s.r.o.',
    sections: [
      { heading: '1. The service', paragraphs: ['The service sends e-mail alerts about property offers published on third-party real-estate portals. The advertisers are responsible for the content of the offers.'] },
      { heading: '2. Free use', paragraphs: ['A watchdog can be used free of charge and without registration. A free watchdog is active for 30 days and can be prolonged.'] },
      { heading: '3. Paid plans', paragraphs: ['Paid plans (Mini, Standard, Premium, Profi, Enterprise) extend the service. Prices are valid from 1 January 2022 and include VAT.'] },
      { heading: '4. Advertising in e-mails', paragraphs: ['Free alerts may contain an advertising banner. You pay only for what your potential customers see.'] },
      { heading: '5. Termination', paragraphs: ['You can cancel watchdogs and your account at any time. We may block an account when e-mails cannot be delivered to its address.'] },
    ],
  },
  personalData: {
    title: 'Personal data processing',
    intro: 'We process personal data only as far as the service needs, in line with the GDPR.',
    sections: [
      { heading: 'Controller', paragraphs: ['Reality Radar s.r.o., Vinohradská 1, 120 00 Prague 2, e-mail info@realityradar.cz.'] },
      { heading: 'What data and why', paragraphs: ['Your e-mail to send offers; for registered users also name, surname and optionally telephone. Your watchdogs’ criteria, so that we know what to send.'] },
      { heading: 'How long', paragraphs: ['For as long as you use the service. After you delete your account we remove the data within 30 days unless the law requires us to keep it.'] },
      { heading: 'Your rights', paragraphs: ['You have the right of access, rectification, erasure, restriction, portability and objection. You can lodge a complaint with the Office for Personal Data Protection.'] },
    ],
  },
  cookies: {
    title: 'Cookies',
    intro: 'Cookies are small files stored in your browser. We always use the necessary ones; the others only with your consent.',
    sections: [
      { heading: 'Default settings', paragraphs: ['Until you choose otherwise, only functionality and security storage is granted. Advertising, analytics and personalisation storage is denied.'] },
    ],
    table: { name: 'Name', purpose: 'Purpose', category: 'Category', expiry: 'Expiry' },
    rows: [
      { name: 'rr_consent', purpose: 'Stores your consent (identifier, time, choices)', category: 'Necessary', expiry: '1 year' },
      { name: 'rr.token (local storage)', purpose: 'Login', category: 'Necessary', expiry: 'Until logout' },
      { name: 'rr.locale (local storage)', purpose: 'Chosen language', category: 'Preferences', expiry: 'Permanent' },
      { name: 'dataLayer', purpose: 'Traffic measurement', category: 'Analytics', expiry: 'Session' },
    ],
    change: 'Change cookie settings',
  },
};
