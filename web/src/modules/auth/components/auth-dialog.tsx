import { lazy, Suspense, useEffect } from 'react';
import { useT } from '../../../i18n';
import { removeQueryParams } from '../../../lib/url';
import { Modal } from '../../../ui/modal';
import { CLOSE_REMOVES, SENT_REMOVES } from '../opening';
import { useAuthDialog } from '../stores/auth-dialog.store';

const AuthFormBody = lazy(async () => ({ default: (await import('./auth-forms')).AuthFormBody }));

/** The auth dialog over any page. Closing removes magic, email and login from the URL. */
export function AuthDialog() {
  const { t } = useT();
  const form = useAuthDialog((s) => s.form);
  const close = useAuthDialog((s) => s.close);
  useEffect(() => {
    if (form === 'SENT') removeQueryParams(SENT_REMOVES);
  }, [form]);
  if (!form) return null;
  const onClose = () => {
    removeQueryParams(CLOSE_REMOVES);
    close();
  };
  return (
    <Modal title={t(`auth.title.${form}`)} onClose={onClose} testId="auth-dialog">
      <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
        <AuthFormBody form={form} />
      </Suspense>
    </Modal>
  );
}
