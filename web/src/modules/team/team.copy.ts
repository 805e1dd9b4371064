import { moduleDictionary } from '../../i18n/module-dictionary';

/** The profile's team section (the profile page's chunk). */
const copy = moduleDictionary({
  cs: {
    'team.title': 'Tým',
    'team.ownerIntro': 'Počet míst ve vašem tarifu: {seats} (vaše a {free} pro další lidi). Přidaní mají všechno, co tarif obsahuje, dokud vaše předplatné trvá.',
    'team.email': 'E-mail registrovaného člověka',
    'team.add': 'Přidat do týmu',
    'team.empty': 'Zatím jste nikoho nepřidali.',
    'team.addedAt': 'přidán(a)',
    'team.remove': 'Odebrat',
    'team.memberIntro': 'Používáte tarif účtu {owner}.',
    'team.leave': 'Odejít z týmu',
  },
  en: {
    'team.title': 'Team',
    'team.ownerIntro': 'Seats on your plan: {seats} (yours and {free} for other people). Those you add have everything the plan includes for as long as your subscription lasts.',
    'team.email': 'E-mail of a registered person',
    'team.add': 'Add to the team',
    'team.empty': 'You have not added anyone yet.',
    'team.addedAt': 'added',
    'team.remove': 'Remove',
    'team.memberIntro': 'You use the plan of {owner}.',
    'team.leave': 'Leave the team',
  },
});

export const useTeamT = copy.useModuleT;
export const teamCopy = copy.dictionary;
