import { useEffect, useState } from 'react';
import { useT } from '../../../i18n';
import { useNotifications, type Notification } from '../stores/notifications.store';

const ICONS = { info: 'ℹ', success: '✓', warning: '!', error: '×' } as const;

function NotificationItem({ item }: { item: Notification }) {
  const { t } = useT();
  const dismiss = useNotifications((s) => s.dismiss);
  const [left, setLeft] = useState(Math.ceil(item.timeout / 1000));
  useEffect(() => {
    const tick = () => {
      const remaining = item.createdAt + item.timeout - Date.now();
      if (remaining <= 0) dismiss(item.id);
      else setLeft(Math.ceil(remaining / 1000));
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [item, dismiss]);
  return (
    <div className={`toast toast--${item.icon}`} role={item.icon === 'error' ? 'alert' : 'status'}>
      <span className="toast__icon" aria-hidden="true">{ICONS[item.icon]}</span>
      <p className="toast__message">{item.message}</p>
      <span className="toast__timer" title={t('notification.closesIn', { seconds: left })} data-testid="toast-timer">{left} s</span>
      <button type="button" className="toast__close" aria-label={t('common.close')} onClick={() => dismiss(item.id)}>×</button>
    </div>
  );
}

export function Notifications() {
  const { t } = useT();
  const items = useNotifications((s) => s.items);
  return (
    <section className="toasts" aria-label={t('notification.region')} aria-live="polite">
      {items.map((item) => <NotificationItem key={item.id} item={item} />)}
    </section>
  );
}
