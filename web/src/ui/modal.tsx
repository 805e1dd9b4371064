import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../i18n';

export type ModalProps = { title: string; onClose: () => void; children: ReactNode; size?: 'small' | 'medium'; testId?: string };

/** A native modal dialog: focus is trapped by the browser; Escape, overlay click and × close it. */
export function Modal({ title, onClose, children, size = 'small', testId }: ModalProps) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onMouseDown={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal__body">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">{title}</h2>
          <button type="button" className="modal__close" aria-label={t('common.close')} onClick={onClose}>×</button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
