import type { Locale } from '@rr/proto';

/** The docs pages' and the API keys section's strings: they ship with their own chunks, not the entry's dictionary. */
const cs = {
  'apiKeys.title': 'API klíče',
  'apiKeys.intro': 'Klíče k datovému API vašeho tarifu. Klíč uvidíte jen jednou, uložte si jej.',
  'apiKeys.docs': 'Dokumentace API',
  'apiKeys.name': 'Název klíče',
  'apiKeys.create': 'Vytvořit klíč',
  'apiKeys.createdOnce': 'Nový klíč (zobrazí se jen teď):',
  'apiKeys.createdAt': 'vytvořen',
  'apiKeys.lastUsed': 'naposledy použit',
  'apiKeys.never': 'nikdy',
  'apiKeys.empty': 'Zatím nemáte žádný klíč.',
  'apiKeys.revoke': 'Zrušit',
  'apiDocs.title': 'Datové API',
  'apiDocs.nav': 'Obsah dokumentace',
  'apiDocs.overview': 'Přehled',
  'apiDocs.keys.title': 'Klíče',
  'apiDocs.keys.body': 'Klíč vytvoříte v profilu (tarify s API). Posílejte jej v hlavičce Authorization: Bearer <klíč> nebo X-Api-Key. Po skončení předplatného klíč přestane fungovat.',
  'apiDocs.limits.title': 'Limity',
  'apiDocs.limits.body': 'Počet dotazů za minutu a za měsíc určuje tarif. Hlavičky RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset a X-Quota-Month-Remaining ukazují zbytek; po překročení odpovíme 429 s Retry-After.',
  'apiDocs.pagination.title': 'Stránkování',
  'apiDocs.pagination.body': 'Seznamy se stránkují kurzorem: odpověď obsahuje next, který pošlete v dalším dotazu jako cursor. Pořadí je stálé, bez mezer a opakování. real-estate končí, když je next null; history/list vrací next vždy – uložte si jej a ptejte se s ním znovu (more říká, zda další změny čekají už teď).',
  'apiDocs.errors.title': 'Chyby',
  'apiDocs.errors.body': 'Chyba je JSON s polem error (code, message a fields); fields jmenuje každý chybný parametr. Neznámé parametry odmítáme.',
  'apiDocs.versioning.title': 'Verze',
  'apiDocs.versioning.body': 'Cesty začínají /api/v1. Nová nepovinná pole verzi nemění; nekompatibilní změna dostane /api/v2.',
  'apiDocs.field': 'Pole',
  'apiDocs.parameter': 'Parametr',
  'apiDocs.type': 'Typ',
  'apiDocs.required': 'Povinný',
  'apiDocs.description': 'Popis',
  'apiDocs.response': 'Odpověď',
  'apiDocs.missing': 'Tato část API zatím není k dispozici.',
  'apiDocs.examples': 'Příklady parametru {name}',
};

export const API_DOCS_TEXT: Record<Locale, Record<keyof typeof cs, string>> = {
  cs,
  en: {
    'apiKeys.title': 'API keys',
    'apiKeys.intro': 'Keys to the data API of your plan. A key is shown once: store it.',
    'apiKeys.docs': 'API documentation',
    'apiKeys.name': 'Key name',
    'apiKeys.create': 'Create key',
    'apiKeys.createdOnce': 'Your new key (shown only now):',
    'apiKeys.createdAt': 'created',
    'apiKeys.lastUsed': 'last used',
    'apiKeys.never': 'never',
    'apiKeys.empty': 'You have no keys yet.',
    'apiKeys.revoke': 'Revoke',
    'apiDocs.title': 'Data API',
    'apiDocs.nav': 'Documentation contents',
    'apiDocs.overview': 'Overview',
    'apiDocs.keys.title': 'Keys',
    'apiDocs.keys.body': 'Create a key on your profile (plans with the API). Send it as Authorization: Bearer <key> or X-Api-Key. A key stops working when the subscription ends.',
    'apiDocs.limits.title': 'Limits',
    'apiDocs.limits.body': 'Requests per minute and per month depend on your plan. RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and X-Quota-Month-Remaining show what is left; beyond it we answer 429 with Retry-After.',
    'apiDocs.pagination.title': 'Pagination',
    'apiDocs.pagination.body': 'Lists are paged by cursor: an answer carries next, which you send back as cursor. The order is stable, without gaps or repeats. real-estate ends when next is null; history/list always gives next — store it and ask with it again (more says whether further changes are waiting now).',
    'apiDocs.errors.title': 'Errors',
    'apiDocs.errors.body': 'An error is JSON with an error object (code, message and fields); fields names each bad parameter. Unknown parameters are refused.',
    'apiDocs.versioning.title': 'Versioning',
    'apiDocs.versioning.body': 'Paths start with /api/v1. New optional fields keep the version; a breaking change gets /api/v2.',
    'apiDocs.field': 'Field',
    'apiDocs.parameter': 'Parameter',
    'apiDocs.type': 'Type',
    'apiDocs.required': 'Required',
    'apiDocs.description': 'Description',
    'apiDocs.response': 'Response',
    'apiDocs.missing': 'This part of the API is not available yet.',
    'apiDocs.examples': 'Examples of {name}',
  },
};

/**
 * Czech words for the OpenAPI document's English parameter descriptions and example summaries,
 * by `<operationId>.<parameter>` and `<operationId>.<parameter>.<example name>`; `{places}` and
 * `{radiusKm}` come from the parameter's `x-limits`. A parameter without them shows the
 * document's English (English pages always show the document's words).
 */
export const PARAMETER_TEXT_CS: Record<string, string> = {
  'realEstate.places': 'Místa oddělená čárkou; vypíšeme nabídky ze kteréhokoli z nich. Místo se zapisuje jako druh:kód – '
    + 'region:CZ064 (kraj), district:CZ0642 (okres), municipality:582786 (obec), pragueDistrict:PRAHA-8 (městská část Prahy); '
    + 'kódy vrací autocomplete. Kolem obce nebo městské části lze přidat okruh v km: municipality:582786:10 jsou nabídky do 10 km '
    + 'od středu Brna (nejvýše {radiusKm} km, desetinná čísla s tečkou). Nejvýše {places} míst v jednom dotazu; okruh kolem kraje nebo okresu odmítneme.',
  'realEstate.places.municipality': 'Jedna obec (Brno)',
  'realEstate.places.radius': 'Brno a vše do 10 km od jeho středu, k tomu okres Brno-venkov',
  'realEstate.places.areas': 'Celý kraj a okres jiného kraje',
  'realEstate.places.pragueDistrict': 'Městská část Prahy s okruhem 2,5 km',
};
