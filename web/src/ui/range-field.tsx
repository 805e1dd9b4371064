import { useId } from 'react';
import { useT } from '../i18n';

export type RangeFieldProps = {
  legend: string;
  value: { from: string; to: string };
  onChange: (value: { from: string; to: string }) => void;
  error?: string | null;
  name: string;
  unit?: string;
};

/** Two numeric inputs, "from" and "to"; either may stay empty (open range). */
export function RangeField({ legend, value, onChange, error, name, unit }: RangeFieldProps) {
  const { t } = useT();
  const id = useId();
  return (
    <fieldset className={`range-field ${error ? 'field--invalid' : ''}`} aria-describedby={error ? `${id}-e` : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="range-field__inputs">
        <label className="visually-hidden" htmlFor={`${id}-from`}>{`${legend} ${t('common.from')}`}</label>
        <input id={`${id}-from`} className="input" inputMode="numeric" name={`${name}From`} placeholder={t('common.from')} value={value.from}
          aria-invalid={error ? true : undefined} onChange={(e) => onChange({ ...value, from: e.target.value })} />
        <span aria-hidden="true" className="range-field__dash">–</span>
        <label className="visually-hidden" htmlFor={`${id}-to`}>{`${legend} ${t('common.to')}`}</label>
        <input id={`${id}-to`} className="input" inputMode="numeric" name={`${name}To`} placeholder={t('common.to')} value={value.to}
          aria-invalid={error ? true : undefined} onChange={(e) => onChange({ ...value, to: e.target.value })} />
        {unit && <span className="range-field__unit" aria-hidden="true">{unit}</span>}
      </div>
      {error && <p id={`${id}-e`} className="field__error">{error}</p>}
    </fieldset>
  );
}
