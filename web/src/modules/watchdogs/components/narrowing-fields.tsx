import { useId, useState } from 'react';
import type { SellerCriterion } from '@rr/proto';
import type { Draft } from '../criteria';
import { useNarrowingT } from '../narrowing.copy';
import { MAX_TERMS, addTerms } from '../word-terms';

/** proto's SELLER_CHOICES, written out: importing the schema module would bring zod into the chunk. */
const SELLER_CHOICES: readonly SellerCriterion[] = ['any', 'private', 'agency'];

export type NarrowingFieldsProps = Pick<Draft, 'wordsAny' | 'wordsNone' | 'seller'> & {
  onChange: (patch: Partial<Pick<Draft, 'wordsAny' | 'wordsNone' | 'seller'>>) => void;
  /**
   * The owner's tier includes words and the seller choice; otherwise nothing can be added (the
   * plans' note says why), but what a watchdog kept from a paid tier has can still be removed.
   */
  allowed: boolean;
};

/** Words wanted and refused as chips, and who the offers come from (issue 19); loaded with "more filters". */
export function NarrowingFields({ wordsAny, wordsNone, seller, onChange, allowed }: NarrowingFieldsProps) {
  const t = useNarrowingT();
  return (
    <div className="narrowing" data-testid="narrowing-fields">
      {!allowed && <p className="field__hint" data-testid="narrowing-paid">{t('narrowing.paid')}</p>}
      <WordChips name="wordsAny" label={t('narrowing.wordsAny')} terms={wordsAny} onTerms={(terms) => onChange({ wordsAny: terms })} disabled={!allowed} />
      <WordChips name="wordsNone" label={t('narrowing.wordsNone')} terms={wordsNone} onTerms={(terms) => onChange({ wordsNone: terms })} disabled={!allowed} />
      <SellerChoice value={seller} onChange={(choice) => onChange({ seller: choice })} disabled={!allowed} />
    </div>
  );
}

type WordChipsProps = { name: string; label: string; terms: string[]; onTerms: (terms: string[]) => void; disabled: boolean };

/** A list of removable chips and an input that adds what is typed on Enter, comma, "Add" or leaving it. */
function WordChips({ name, label, terms, onTerms, disabled }: WordChipsProps) {
  const t = useNarrowingT();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    if (!typed.trim()) return;
    const added = addTerms(terms, typed);
    if (added.terms.length !== terms.length) onTerms(added.terms);
    setTyped(added.invalid.join(' '));
    setError(added.invalid.length > 0 ? t('narrowing.invalid', { terms: added.invalid.join(', ') }) : added.overLimit ? t('narrowing.overLimit', { max: MAX_TERMS }) : null);
  };
  const describedBy = [`${inputId}-hint`, error ? `${inputId}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field word-chips ${error ? 'field--invalid' : ''}`} data-testid={`words-${name}`}>
      <label htmlFor={inputId} className="field__label">{label}</label>
      {terms.length > 0 && (
        <ul className="chips word-chips__list" aria-label={label}>
          {terms.map((term) => (
            <li key={term} className="word-chip">
              <span>{term}</span>
              <button type="button" className="word-chip__remove" aria-label={t('narrowing.remove', { term })}
                onClick={() => onTerms(terms.filter((x) => x !== term))}>×</button>
            </li>
          ))}
        </ul>
      )}
      <div className="word-chips__entry">
        <input id={inputId} className="input" type="text" name={name} value={typed} placeholder={t('narrowing.wordPlaceholder')} disabled={disabled}
          autoComplete="off" aria-invalid={error ? true : undefined} aria-describedby={describedBy}
          onChange={(event) => setTyped(event.target.value)} onBlur={add}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add();
            }
          }} />
        <button type="button" className="button button--secondary" disabled={disabled} onClick={add}>{t('narrowing.add')}</button>
      </div>
      <p id={`${inputId}-hint`} className="field__hint">{t('narrowing.wordsHint')}</p>
      {error && <p id={`${inputId}-error`} className="field__error" role="alert">{error}</p>}
    </div>
  );
}

function SellerChoice({ value, onChange, disabled }: { value: SellerCriterion; onChange: (value: SellerCriterion) => void; disabled: boolean }) {
  const t = useNarrowingT();
  const hintId = useId();
  return (
    <fieldset className="chip-group" aria-describedby={hintId} data-testid="seller-choice">
      <legend className="field__label">{t('narrowing.seller')}</legend>
      <div className="chips">
        {SELLER_CHOICES.map((choice) => (
          <label key={choice} className={`chip ${value === choice ? 'chip--on' : ''}`}>
            <input type="radio" name="seller" value={choice} checked={value === choice} disabled={disabled && choice !== 'any'} onChange={() => onChange(choice)} />
            <span>{t(`narrowing.seller.${choice}`)}</span>
          </label>
        ))}
      </div>
      <p id={hintId} className="field__hint">{t('narrowing.sellerHint')}</p>
    </fieldset>
  );
}
