import { useState } from 'react';
import { emailProblem, emailSuggestions } from '../lib/email';
import { useT } from '../i18n';

/**
 * State of one e-mail input with typo suggestions: `check()` validates before a submit and is
 * false while suggestions wait to be handled (picked, or kept as typed).
 */
export function useEmailInput(initial = '', withSuggestions = true) {
  const { t } = useT();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [kept, setKept] = useState<string | null>(null);

  const check = (): boolean => {
    const problem = emailProblem(value);
    if (problem) {
      setError(t(`validation.${problem}`));
      setSuggestions(withSuggestions && problem === 'emailFormat' ? emailSuggestions(value) : []);
      return false;
    }
    setError(null);
    const found = withSuggestions && kept !== value ? emailSuggestions(value) : [];
    setSuggestions(found);
    return found.length === 0;
  };

  return {
    value,
    error,
    suggestions,
    check,
    set: (next: string) => {
      setValue(next);
      setError(null);
      setSuggestions([]);
    },
    pick: (next: string) => {
      setValue(next);
      setSuggestions([]);
      setError(null);
    },
    keep: () => {
      setKept(value);
      setSuggestions([]);
    },
  };
}
