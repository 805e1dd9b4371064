import type { Copy } from './types';

export const copy: Copy = {
  howItWorks: {
    title: 'Jak to funguje',
    intro: 'Reality Radar nepřetržitě prochází velké české realitní servery a každou novou nabídku porovná s hlídacími psy všech uživatelů. Když nabídka odpovídá vašemu výběru, do minuty máte e-mail.',
    sections: [
      { heading: '1. Nastavíte hlídacího psa', paragraphs: ['Vyberete, zda chcete koupit, pronajmout nebo hledáte spolubydlení, jaký typ nemovitosti, lokalitu a případně cenu, plochu či dispozici. Lokalitou může být kraj, okres, obec nebo část Prahy – i s okolím v okruhu několika kilometrů.'] },
      { heading: '2. Potvrdíte e-mail', paragraphs: ['Bez registrace stačí e-mail. Pošleme na něj odkaz, kterým hlídacího psa zapnete – tak máme jistotu, že e-maily chodí opravdu vám. S registrací spravujete všechny hlídací psy na jednom místě.'] },
      { heading: '3. Dostáváte nové nabídky', paragraphs: ['Každá nabídka přijde jen jednou, i když ji inzeruje více serverů najednou. V e-mailu uvidíte cenu, plochu, lokalitu a odkazy na všechny servery, kde je nabídka zveřejněná.', 'Pronajímaný byt najde prvního zájemce průměrně za 23 minut a většinou zmizí do sedmi hodin. Proto je rychlost to hlavní.'] },
      { heading: 'Bez spamu', paragraphs: ['Posíláme jen nabídky, které odpovídají vašemu výběru. Hlídacího psa můžete kdykoliv upravit, vypnout nebo smazat, jedním kliknutím i přímo z e-mailu.'] },
    ],
  },
  faq: {
    title: 'Často kladené otázky',
    intro: 'Nenašli jste odpověď? Napište nám přes kontaktní formulář.',
    items: [
      { q: 'Kolik služba stojí?', a: 'Hlídací pes je zdarma a bez registrace. Placené tarify přidávají například upozornění na zlevnění a více aktivních hlídacích psů.' },
      { q: 'Které servery hlídáte?', a: 'Sreality.cz, Bezrealitky.cz, iDNES Reality, Bazoš.cz, UlovDomov.cz, Reality.cz a RealityMix.cz. Seznam průběžně rozšiřujeme.' },
      { q: 'Jak rychle nabídky posíláte?', a: 'Obvykle do minuty od zveřejnění na realitním serveru.' },
      { q: 'Přijde mi stejná nabídka vícekrát?', a: 'Ne. Stejnou nemovitost poznáme i na různých serverech a pošleme ji jen jednou.' },
      { q: 'Proč jsem musel potvrdit e-mail?', a: 'Bez potvrzení bychom mohli posílat e-maily někomu, kdo o ně nestál. Potvrzení je jednorázové.' },
      { q: 'Jak hlídacího psa vypnu?', a: 'V každém e-mailu je odkaz pro odhlášení. Registrovaní uživatelé mohou hlídací psy vypínat a mazat v sekci Moji hlídací psi.' },
      { q: 'Jak dlouho hlídací pes hlídá?', a: 'Bezplatný hlídací pes hlídá 30 dní. Před vypršením vám pošleme e-mail s odkazem na prodloužení.' },
      { q: 'Mohu hledat i s okolím?', a: 'Ano. U každé lokality zvolíte okruh, například obec a 10 km kolem ní.' },
    ],
  },
  ourStory: {
    title: 'Náš příběh',
    intro: 'Reality Radar vznikl z vlastní zkušenosti: když jsme sháněli byt v Praze, pokaždé jsme volali pozdě.',
    sections: [
      { heading: 'Proč jsme začali', paragraphs: ['Dobré nabídky zmizí během pár hodin. Procházet každý den sedm serverů nás nebavilo a e-mailová upozornění jednotlivých serverů chodila pozdě a duplicitně.'] },
      { heading: 'Co děláme jinak', paragraphs: ['Hlídáme všechny velké servery najednou, stejné nabídky spojujeme do jedné a posíláme je do minuty. Nic víc, nic míň.'] },
      { heading: 'Kdo jsme', paragraphs: ['Malý tým vývojářů a realitních nadšenců z Prahy a Brna. Služba je podpořena programem CzechStarter.'] },
    ],
  },
  services: {
    title: 'Služby',
    intro: 'Kromě hlídacího psa vám naši partneři pomohou s dalšími kroky kolem nemovitostí.',
    visitPartner: 'Přejít na web partnera',
    czechOnly: 'jen v češtině',
    items: {
      'agrarni-pudni-fond': { name: 'Agrární půdní fond', summary: 'Výkup a pronájem zemědělské půdy za férové ceny.', body: ['Vlastníte zemědělskou půdu a nevíte, co s ní? Partner ji vykoupí nebo pronajme a postará se o smlouvy i komunikaci s pachtýři.', 'Ocenění pozemku je zdarma a nezávazné.'], partnerUrl: 'https://www.agrarnipudnifond.cz' },
      'direct-nemovitosti': { name: 'Direct nemovitosti', summary: 'Prodej nemovitosti bez realitní provize.', body: ['Prodejte byt nebo dům napřímo. Partner připraví inzerci, prohlídky i právní servis za pevnou cenu místo provize.'], partnerUrl: 'https://www.direct.cz' },
      'direct-pronajmy': { name: 'Direct pronájmy', summary: 'Správa pronájmu od výběru nájemníka po vyúčtování.', body: ['Pronajímáte byt? Partner najde prověřeného nájemníka, připraví smlouvu a stará se o předávací protokoly i vyúčtování služeb.'], partnerUrl: 'https://www.direct.cz' },
      fingo: { name: 'Fingo', summary: 'Hypotéka na míru s porovnáním bank.', body: ['Nezávislí hypoteční specialisté porovnají nabídky bank a vyjednají lepší úrok. Konzultace je zdarma.'], partnerUrl: 'https://www.fingo.cz' },
      'kontrola-pozemku': { name: 'Kontrola pozemku', summary: 'Prověření pozemku před koupí.', body: ['Zjistíme územní plán, věcná břemena, přístupovou cestu i sítě. Víte, co kupujete, ještě před podpisem smlouvy.'], partnerUrl: 'https://www.kontrolapozemku.cz' },
      'kontrola-smluv': { name: 'Kontrola smluv', summary: 'Advokátní kontrola kupní nebo nájemní smlouvy.', body: ['Advokát projde rezervační, kupní či nájemní smlouvu a upozorní na rizika. Výsledek máte obvykle do dvou pracovních dnů.'], partnerUrl: 'https://www.kontrolasmluv.cz' },
      ownest: { name: 'Ownest', summary: 'Vlastní bydlení bez hypotéky postupným odkupem.', body: ['Ownest koupí vybraný byt a vy v něm bydlíte a postupně ho odkupujete. Vhodné, když na hypotéku zatím nedosáhnete.'], partnerUrl: 'https://www.ownest.cz' },
    },
  },
  abroad: {
    title: 'Nemovitosti v zahraničí',
    intro: 'Zatím hlídáme jen české realitní servery. Nemovitosti v zahraničí připravujeme.',
    sections: [
      { heading: 'Slovensko a Rakousko', paragraphs: ['Jako první chceme přidat slovenské a rakouské servery. Chcete vědět, až to spustíme? Napište nám přes kontaktní formulář.'] },
      { heading: 'Na co si dát pozor', paragraphs: ['Při koupi v zahraničí se liší daně, poplatky i zápis do katastru. Doporučujeme kontrolu smlouvy místním advokátem.'] },
    ],
  },
  terms: {
    title: 'Obchodní podmínky',
    intro: 'Tyto podmínky upravují používání služby Reality Radar provozované společností Reality Radar s.r.o.',
    sections: [
      { heading: '1. Služba', paragraphs: ['Služba zasílá e-mailová upozornění na nabídky nemovitostí zveřejněné na třetích realitních serverech. Za obsah nabídek odpovídají jejich inzerenti.'] },
      { heading: '2. Bezplatné použití', paragraphs: ['Hlídacího psa lze používat zdarma a bez registrace. Bezplatný hlídací pes je aktivní 30 dní a lze jej prodloužit.'] },
      { heading: '3. Placené tarify', paragraphs: ['Placené tarify (Mini, Standard, Premium, Profi, Enterprise) rozšiřují možnosti služby. Ceny jsou platné od 1. 1. 2022 a jsou uvedeny včetně DPH.'] },
      { heading: '4. Reklama v e-mailech', paragraphs: ['Bezplatná upozornění mohou obsahovat reklamní banner. Platíte jen za to, co uvidí vaši potenciální zákazníci.'] },
      { heading: '5. Ukončení', paragraphs: ['Hlídací psy i účet můžete kdykoliv zrušit. Účet můžeme zablokovat, pokud na uvedenou adresu nelze doručovat e-maily.'] },
    ],
  },
  personalData: {
    title: 'Zpracování osobních údajů',
    intro: 'Osobní údaje zpracováváme jen v rozsahu nutném pro poskytování služby, v souladu s nařízením GDPR.',
    sections: [
      { heading: 'Správce', paragraphs: ['Reality Radar s.r.o., Vinohradská 1, 120 00 Praha 2, e-mail info@realityradar.cz.'] },
      { heading: 'Jaké údaje a proč', paragraphs: ['E-mail pro zasílání nabídek; u registrovaných také jméno, příjmení a volitelně telefon. Kritéria hlídacích psů, abychom věděli, co vám poslat.'] },
      { heading: 'Jak dlouho', paragraphs: ['Po dobu používání služby. Po smazání účtu údaje odstraníme do 30 dní, pokud je nemusíme uchovat ze zákona.'] },
      { heading: 'Vaše práva', paragraphs: ['Máte právo na přístup, opravu, výmaz, omezení zpracování, přenositelnost a vznesení námitky. Stížnost můžete podat u Úřadu pro ochranu osobních údajů.'] },
    ],
  },
  cookies: {
    title: 'Cookies',
    intro: 'Cookies jsou malé soubory uložené ve vašem prohlížeči. Nezbytné používáme vždy, ostatní jen s vaším souhlasem.',
    sections: [
      { heading: 'Výchozí nastavení', paragraphs: ['Dokud nevyberete jinak, jsou povoleny jen funkční a bezpečnostní úložiště. Reklamní, analytická a personalizační jsou vypnutá.'] },
    ],
    table: { name: 'Název', purpose: 'Účel', category: 'Kategorie', expiry: 'Platnost' },
    rows: [
      { name: 'rr_consent', purpose: 'Uložení vašeho souhlasu (identifikátor, čas, volby)', category: 'Nezbytné', expiry: '1 rok' },
      { name: 'rr.token (local storage)', purpose: 'Přihlášení', category: 'Nezbytné', expiry: 'Do odhlášení' },
      { name: 'rr.locale (local storage)', purpose: 'Zvolený jazyk', category: 'Předvolby', expiry: 'Trvale' },
      { name: 'dataLayer', purpose: 'Měření návštěvnosti', category: 'Analytické', expiry: 'Relace' },
    ],
    change: 'Změnit nastavení cookies',
  },
};
