import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../i18n';

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  onValue: (value: string) => void;
  after?: ReactNode;
};

/** A labelled input; required labels carry the "Povinné" tooltip and errors show the first message. */
export function Field({ label, error, hint, onValue, after, required, id, className, ...input }: FieldProps) {
  const { t } = useT();
  const ownId = useId();
  const inputId = id ?? ownId;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field--invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={inputId} className="field__label">
        {label}
        {required && <abbr className="field__required" title={t('common.required')} aria-hidden="true">*</abbr>}
      </label>
      <input
        id={inputId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
      {after}
      {hint && <p id={`${inputId}-hint`} className="field__hint">{hint}</p>}
      {error && <p id={`${inputId}-error`} className="field__error">{error}</p>}
    </div>
  );
}
