/**
 * Prague's 22 administrative districts (správní obvody Praha 1–22) are not in the open-data
 * municipality list. Centres are approximate (the district's main residential area), good enough
 * to tell districts apart by nearest centre; populations are rounded 2023 figures.
 */
export const PRAGUE_DISTRICTS: ReadonlyArray<{ number: number; lat: number; lon: number; population: number; parts: string[] }> = [
  { number: 1, lat: 50.0870, lon: 14.4210, population: 30_000, parts: ['Staré Město', 'Josefov', 'Malá Strana', 'Hradčany'] },
  { number: 2, lat: 50.0730, lon: 14.4290, population: 50_000, parts: ['Nové Město', 'Vyšehrad'] },
  { number: 3, lat: 50.0840, lon: 14.4600, population: 75_000, parts: ['Žižkov'] },
  { number: 4, lat: 50.0380, lon: 14.4420, population: 140_000, parts: ['Nusle', 'Michle', 'Podolí', 'Braník', 'Krč', 'Lhotka', 'Hodkovičky', 'Kunratice', 'Libuš', 'Písnice'] },
  { number: 5, lat: 50.0600, lon: 14.3880, population: 130_000, parts: ['Smíchov', 'Košíře', 'Motol', 'Radlice', 'Jinonice', 'Hlubočepy', 'Barrandov', 'Zbraslav', 'Slivenec', 'Lochkov', 'Velká Chuchle', 'Malá Chuchle', 'Lipence'] },
  { number: 6, lat: 50.0990, lon: 14.3620, population: 120_000, parts: ['Dejvice', 'Bubeneč', 'Břevnov', 'Střešovice', 'Veleslavín', 'Vokovice', 'Liboc', 'Ruzyně', 'Suchdol', 'Lysolaje', 'Nebušice', 'Přední Kopanina'] },
  { number: 7, lat: 50.1040, lon: 14.4330, population: 45_000, parts: ['Holešovice', 'Letná', 'Troja'] },
  { number: 8, lat: 50.1240, lon: 14.4640, population: 110_000, parts: ['Karlín', 'Libeň', 'Kobylisy', 'Bohnice', 'Čimice', 'Střížkov', 'Ďáblice', 'Dolní Chabry', 'Březiněves'] },
  { number: 9, lat: 50.1090, lon: 14.5100, population: 60_000, parts: ['Vysočany', 'Prosek', 'Hloubětín', 'Střížkov', 'Letňany'] },
  { number: 10, lat: 50.0680, lon: 14.4830, population: 115_000, parts: ['Vršovice', 'Strašnice', 'Malešice', 'Záběhlice', 'Vinohrady', 'Štěrboholy', 'Dubeč', 'Petrovice'] },
  { number: 11, lat: 50.0270, lon: 14.5100, population: 80_000, parts: ['Chodov', 'Háje', 'Křeslice', 'Šeberov', 'Újezd u Průhonic'] },
  { number: 12, lat: 50.0000, lon: 14.4180, population: 60_000, parts: ['Modřany', 'Kamýk', 'Komořany', 'Cholupice', 'Točná'] },
  { number: 13, lat: 50.0460, lon: 14.3350, population: 70_000, parts: ['Stodůlky', 'Třebonice', 'Řeporyje', 'Zadní Kopanina'] },
  { number: 14, lat: 50.1060, lon: 14.5580, population: 50_000, parts: ['Černý Most', 'Kyje', 'Hostavice', 'Hloubětín', 'Dolní Počernice'] },
  { number: 15, lat: 50.0520, lon: 14.5420, population: 45_000, parts: ['Hostivař', 'Horní Měcholupy', 'Dolní Měcholupy', 'Štěrboholy', 'Petrovice'] },
  { number: 16, lat: 49.9870, lon: 14.3610, population: 25_000, parts: ['Radotín', 'Lochkov', 'Velká Chuchle', 'Zbraslav'] },
  { number: 17, lat: 50.0680, lon: 14.3100, population: 30_000, parts: ['Řepy', 'Zličín', 'Sobín'] },
  { number: 18, lat: 50.1380, lon: 14.5120, population: 30_000, parts: ['Letňany', 'Čakovice', 'Miškovice', 'Třeboradice'] },
  { number: 19, lat: 50.1380, lon: 14.5560, population: 20_000, parts: ['Kbely', 'Vinoř', 'Satalice'] },
  { number: 20, lat: 50.1150, lon: 14.6150, population: 17_000, parts: ['Horní Počernice'] },
  { number: 21, lat: 50.0770, lon: 14.6500, population: 25_000, parts: ['Újezd nad Lesy', 'Běchovice', 'Klánovice', 'Koloděje'] },
  { number: 22, lat: 50.0200, lon: 14.5950, population: 25_000, parts: ['Uhříněves', 'Benice', 'Kolovraty', 'Královice', 'Nedvězí', 'Pitkovice'] },
];
