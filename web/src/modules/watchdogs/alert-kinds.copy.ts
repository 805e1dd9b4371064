import { moduleDictionary } from '../../i18n/module-dictionary';

/**
 * The strings of the watchdog form's "Also tell me" group, in its own chunk: the form loads the group
 * only when its extra filters open, so the home page's entry chunk stays in its budget.
 */
const copy = moduleDictionary({
  cs: {
    'alertKinds.legend': 'Upozornit mě také',
    'alertKinds.paid': 'Upozornění na zlevnění, návraty a stažené nabídky jsou součástí předplatného (od Mini).',
    'alertKinds.priceDrops': 'když už poslaná nabídka zlevní',
    'alertKinds.backOnMarket': 'když se stažená nabídka vrátí na trh (na kterémkoli portálu)',
    'alertKinds.noLongerActive': 'když nabídka, o které jsem dostal upozornění, přestane být aktivní',
  },
  en: {
    'alertKinds.legend': 'Also tell me',
    'alertKinds.paid': 'Alerts about price drops, comebacks and withdrawn offers are part of the subscription (from Mini).',
    'alertKinds.priceDrops': 'when an offer already sent gets cheaper',
    'alertKinds.backOnMarket': 'when a withdrawn offer is back on the market (on any portal)',
    'alertKinds.noLongerActive': 'when an offer I was alerted to is no longer active',
  },
});

export const useAlertKindsT = copy.useModuleT;
export const alertKindsCopy = copy.dictionary;
