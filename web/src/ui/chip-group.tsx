import { useId } from 'react';
import { useT } from '../i18n';

export type ChipGroupProps<T extends string> = {
  legend: string;
  options: readonly T[];
  value: T[];
  onChange: (value: T[]) => void;
  labelOf: (option: T) => string;
  error?: string | null;
  required?: boolean;
  name: string;
};

/** A multi-select of checkbox chips in a fieldset; keyboard-usable as plain checkboxes. */
export function ChipGroup<T extends string>({ legend, options, value, onChange, labelOf, error, required, name }: ChipGroupProps<T>) {
  const { t } = useT();
  const errorId = useId();
  return (
    <fieldset className={`chip-group ${error ? 'field--invalid' : ''}`} aria-describedby={error ? errorId : undefined} data-testid={`chips-${name}`}>
      <legend className="field__label">
        {legend}
        {required && <abbr className="field__required" title={t('common.required')} aria-hidden="true">*</abbr>}
      </legend>
      <div className="chips">
        {options.map((option) => {
          const checked = value.includes(option);
          return (
            <label key={option} className={`chip ${checked ? 'chip--on' : ''}`}>
              <input
                type="checkbox"
                name={name}
                value={option}
                checked={checked}
                onChange={() => onChange(checked ? value.filter((v) => v !== option) : [...value, option])}
              />
              <span>{labelOf(option)}</span>
            </label>
          );
        })}
      </div>
      {error && <p id={errorId} className="field__error">{error}</p>}
    </fieldset>
  );
}
