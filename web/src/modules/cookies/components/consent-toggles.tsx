import { useT, type MessageKey } from '../../../i18n';
import type { Choice } from '../../../lib/consent';

const ROWS: Array<{ key: keyof Choice | 'necessary'; title: MessageKey; text: MessageKey; storage: string }> = [
  { key: 'necessary', title: 'cookies.necessary', text: 'cookies.necessaryText', storage: 'functionality_storage, security_storage' },
  { key: 'preferences', title: 'cookies.preferences', text: 'cookies.preferencesText', storage: 'personalization_storage' },
  { key: 'analytics', title: 'cookies.analytics', text: 'cookies.analyticsText', storage: 'analytics_storage' },
  { key: 'marketing', title: 'cookies.marketing', text: 'cookies.marketingText', storage: 'ad_storage' },
];

/** The categories with their switches; essential is always on and locked. */
export function ConsentToggles({ choice, onChange }: { choice: Choice; onChange: (choice: Choice) => void }) {
  const { t } = useT();
  return (
    <ul className="consent-list" role="list">
      {ROWS.map((row) => {
        const locked = row.key === 'necessary';
        const checked = locked ? true : choice[row.key as keyof Choice];
        return (
          <li key={row.key} className="consent-row">
            <label className="switch">
              <input
                type="checkbox"
                role="switch"
                checked={checked}
                disabled={locked}
                data-storage={row.storage}
                data-testid={`consent-${row.key}`}
                onChange={(e) => !locked && onChange({ ...choice, [row.key]: e.target.checked })}
              />
              <span className="switch__track" aria-hidden="true" />
              <span className="switch__label">
                <strong>{t(row.title)}</strong>
                {locked && <span className="badge">{t('cookies.alwaysOn')}</span>}
                <span className="switch__text">{t(row.text)}</span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
