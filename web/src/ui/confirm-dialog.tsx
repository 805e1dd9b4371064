import { useT } from '../i18n';
import { Modal } from './modal';

export function ConfirmDialog({ title, text, confirmLabel, onConfirm, onClose }: {
  title: string; text: string; confirmLabel: string; onConfirm: () => void; onClose: () => void;
}) {
  const { t } = useT();
  return (
    <Modal title={title} onClose={onClose} testId="confirm-dialog">
      <p>{text}</p>
      <div className="button-row">
        <button type="button" className="button button--danger" onClick={onConfirm} data-testid="confirm">{confirmLabel}</button>
        <button type="button" className="button button--ghost" onClick={onClose}>{t('common.cancel')}</button>
      </div>
    </Modal>
  );
}
