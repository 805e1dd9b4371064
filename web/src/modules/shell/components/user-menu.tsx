import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ROLE_LABELS, type Role } from '@rr/proto';
import { useT } from '../../../i18n';
import { pathFor } from '../../../routes';
import { AppLink } from '../../../ui/app-link';
import { useAuthDialog } from '../../auth/stores/auth-dialog.store';
import { flagsOf } from '../../session/session';
import { useSession } from '../../session/stores/session.store';

/** Logged out: Login. Logged in: My profile (+ tariff) with a dropdown; admins see Administration first. */
export function UserMenu({ onNavigate, inline = false }: { onNavigate?: () => void; inline?: boolean }) {
  const { t, locale } = useT();
  const state = useSession((s) => s.state);
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const openAuth = useAuthDialog((s) => s.open);
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const flags = flagsOf(state, user);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  if (state === 'loading') return <span className="user-menu user-menu--placeholder" aria-hidden="true" />;
  if (!flags.loggedIn || !user) {
    return (
      <button type="button" className="button button--ghost user-menu__login" onClick={() => { onNavigate?.(); openAuth('LOGIN'); }} data-testid="login-button">
        {t('user.login')}
      </button>
    );
  }
  const close = () => {
    setOpen(false);
    onNavigate?.();
  };
  const tariff = flags.paying ? ROLE_LABELS[(user.role as Role)]?.[locale] ?? null : null;
  const items = (
    <ul className={inline ? 'user-menu__inline' : 'dropdown'} role="list">
      {flags.admin && <li><AppLink to="admin" className="dropdown__item" onClick={close}>{t('user.admin')}</AppLink></li>}
      <li><AppLink to="myFilters" className="dropdown__item" onClick={close}>{t('user.watchdogs', { count: user.filters })}</AppLink></li>
      <li><AppLink to="myProfile" className="dropdown__item" onClick={close}>{t('user.editProfile')}</AppLink></li>
      <li>
        <button type="button" className="dropdown__item" data-testid="logout" onClick={() => {
          close();
          navigate(pathFor('home', locale));
          logout();
        }}>{t('user.logout')}</button>
      </li>
    </ul>
  );
  if (inline) return <div className="user-menu">{items}</div>;
  return (
    <div className="user-menu" ref={ref}>
      <button type="button" className="button button--ghost user-menu__toggle" aria-expanded={open} aria-haspopup="true" onClick={() => setOpen(!open)} data-testid="user-menu">
        <span className="avatar" aria-hidden="true">{(user.name ?? user.email).slice(0, 1).toUpperCase()}</span>
        {t('user.myProfile')}
        {tariff && <span className="badge badge--tariff">{tariff}</span>}
        <span className="chevron" aria-hidden="true" />
      </button>
      {open && items}
    </div>
  );
}
