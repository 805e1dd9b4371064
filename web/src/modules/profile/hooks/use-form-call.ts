import { useState } from 'react';
import { useT } from '../../../i18n';
import { ApiError } from '../../../lib/api';

/** Runs one form submission: field errors from the API under their fields, anything else below the form. */
export function useFormCall() {
  const { t } = useT();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<void>) => {
    setFields({});
    setError(null);
    setBusy(true);
    try {
      await call();
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fields).length) setFields(cause.fields);
      else if (cause instanceof ApiError && cause.status >= 400 && cause.status < 500 && cause.message) setError(cause.message);
      else setError(t('auth.error.generic'));
    } finally {
      setBusy(false);
    }
  };
  return { fields, error, busy, run, setFields, clear: () => { setFields({}); setError(null); } };
}
