import { useT } from '../../../i18n';
import { Checkbox } from '../../../ui/checkbox';
import type { Draft } from '../criteria';

export type AlertKindsFieldsProps = {
  value: Pick<Draft, 'priceDrops' | 'backOnMarket' | 'noLongerActive'>;
  /** Every kind here is a paid entitlement from Mini (proto's entitlement table): free users see them off, with why. */
  paying: boolean;
  onChange: (patch: Partial<Pick<Draft, 'priceDrops' | 'backOnMarket' | 'noLongerActive'>>) => void;
};

/** Alerts about offers already seen: price drops, comebacks after a withdrawal, and withdrawals. */
export function AlertKindsFields({ value, paying, onChange }: AlertKindsFieldsProps) {
  const { t } = useT();
  const hint = paying ? undefined : t('watchdog.alertKindsPaid');
  return (
    <fieldset className="alert-kinds" data-testid="alert-kinds">
      <legend>{t('watchdog.alertKinds')}</legend>
      <Checkbox checked={value.priceDrops && paying} disabled={!paying} onChange={(priceDrops) => onChange({ priceDrops })} testId="alert-kind-priceDrops">
        {t('watchdog.priceDrops')}
      </Checkbox>
      <Checkbox checked={value.backOnMarket && paying} disabled={!paying} onChange={(backOnMarket) => onChange({ backOnMarket })} testId="alert-kind-backOnMarket">
        {t('watchdog.backOnMarket')}
      </Checkbox>
      <Checkbox checked={value.noLongerActive && paying} disabled={!paying} onChange={(noLongerActive) => onChange({ noLongerActive })} testId="alert-kind-noLongerActive" hint={hint}>
        {t('watchdog.noLongerActive')}
      </Checkbox>
    </fieldset>
  );
}
