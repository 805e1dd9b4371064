/**
 * Rounded populations (thousands, 2023) of the larger towns. The open-data list has no
 * populations, yet autocomplete puts bigger places first and GPS resolution needs to know that a
 * city spreads far beyond its centre point. Keyed by municipality code (names repeat).
 */
export const TOWN_POPULATION_K: Readonly<Record<string, number>> = {
  '554782': 1357, // Praha
  '582786': 398, // Brno
  '554821': 284, // Ostrava
  '554791': 185, // Plzeň
  '563889': 104, // Liberec
  '500496': 101, // Olomouc
  '544256': 97, // České Budějovice
  '569810': 93, // Hradec Králové
  '555134': 92, // Pardubice
  '554804': 92, // Ústí nad Labem
  '585068': 75, // Zlín
  '555088': 70, // Havířov
  '532053': 69, // Kladno
  '567027': 64, // Most
  '505927': 56, // Opava
  '598003': 55, // Frýdek-Místek
  '586846': 54, // Jihlava
  '598917': 50, // Karviná
  '567442': 50, // Teplice
  '554961': 49, // Karlovy Vary
  '562971': 48, // Chomutov
  '562335': 48, // Děčín
  '566985': 19, // Žatec
  '538728': 17, // Říčany
  '535419': 48, // Mladá Boleslav
  '563510': 46, // Jablonec nad Nisou
  '589250': 43, // Prostějov
  '511382': 42, // Přerov
  '561380': 37, // Česká Lípa
  '590266': 34, // Třebíč
  '598810': 34, // Třinec
  '552046': 34, // Tábor
  '593711': 34, // Znojmo
  '533165': 33, // Kolín
  '539911': 32, // Příbram
  '554481': 31, // Cheb
  '549240': 30, // Písek
  '579025': 29, // Trutnov
  '599069': 28, // Orlová
  '588296': 28, // Kroměříž
  '541630': 25, // Vsetín
  '523704': 25, // Šumperk
  '592005': 25, // Uherské Hradiště
  '584291': 24, // Břeclav
  '586021': 24, // Hodonín
  '598933': 24, // Český Těšín
  '567256': 23, // Litvínov
  '568414': 23, // Havlíčkův Brod
  '599191': 23, // Nový Jičín
  '571164': 23, // Chrudim
  '597520': 23, // Krnov
  '564567': 23, // Litoměřice
  '560286': 22, // Sokolov
  '550787': 22, // Strakonice
  '545058': 22, // Valašské Meziříčí
  '555771': 22, // Klatovy
  '599565': 22, // Kopřivnice
  '545881': 21, // Jindřichův Hradec
  '533955': 21, // Kutná Hora
  '599051': 20, // Bohumín
  '595209': 20, // Žďár nad Sázavou
  '592889': 20, // Vyškov
  '581283': 20, // Blansko
  '538094': 20, // Brandýs nad Labem-Stará Boleslav
  '531057': 20, // Beroun
  '573868': 19, // Náchod
  '563099': 19, // Jirkov
  '534676': 19, // Mělník
  '565971': 18, // Louny
  '534951': 18, // Kralupy nad Vltavou
  '563102': 17, // Kadaň
  '585599': 17, // Otrokovice
  '529303': 17, // Benešov
  '513750': 16, // Hranice
  '583251': 16, // Kuřim
  '581372': 15, // Boskovice
  '577731': 15, // Svitavy
  '547492': 14, // Pelhřimov
  '576069': 13, // Rychnov nad Kněžnou
  '572659': 13, // Jičín
  '577626': 13, // Turnov
  '579891': 12, // Ústí nad Orlicí
  '579203': 12, // Dvůr Králové nad Labem
  '550094': 12, // Prachatice
};
