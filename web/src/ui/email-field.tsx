import { useT } from '../i18n';
import { Field, type FieldProps } from './field';

export type EmailFieldProps = Omit<FieldProps, 'type' | 'error'> & {
  error?: string | null;
  suggestions: string[];
  onPick: (email: string) => void;
  onKeep: () => void;
};

/** E-mail input with the box of corrected addresses shown after a failed validation (spec §4). */
export function EmailField({ suggestions, onPick, onKeep, error, ...field }: EmailFieldProps) {
  const { t } = useT();
  const box = suggestions.length > 0 && (
    <div className="typo" role="alert" data-testid="email-typo">
      <p className="typo__title">{t('validation.emailTypo')}</p>
      <p className="typo__text">
        {t('validation.didYouMean')}{' '}
        {suggestions.map((suggestion, i) => (
          <span key={suggestion}>
            {i > 0 && ', '}
            <button type="button" className="link-button" onClick={() => onPick(suggestion)}>{suggestion}</button>
          </span>
        ))}
        {' ?'}
      </p>
      <button type="button" className="link-button typo__keep" onClick={onKeep}>{t('validation.keepEmail')}</button>
    </div>
  );
  return <Field type="email" autoComplete="email" inputMode="email" spellCheck={false} error={error} after={box} {...field} />;
}
