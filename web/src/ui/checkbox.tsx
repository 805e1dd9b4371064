import type { ReactNode } from 'react';

export function Checkbox({ checked, onChange, children, disabled, hint, testId }: {
  checked: boolean; onChange: (checked: boolean) => void; children: ReactNode; disabled?: boolean; hint?: ReactNode; testId?: string;
}) {
  return (
    <label className={`checkbox ${disabled ? 'checkbox--disabled' : ''}`}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>
        {children}
        {hint && <small className="checkbox__hint">{hint}</small>}
      </span>
    </label>
  );
}
