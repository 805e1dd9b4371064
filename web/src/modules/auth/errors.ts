import type { MessageKey } from '../../i18n';
import type { AuthForm } from './opening';

export type AuthCall = 'login' | 'registerStart' | 'registerComplete' | 'resetStart' | 'resetComplete';

/** Spec §8 error catalogue: which message a failed auth call shows below the form. */
export function authErrorKey(call: AuthCall, status: number): MessageKey {
  if (status === 400) return 'auth.error.emailFormat';
  if (call === 'login' && (status === 403 || status === 404)) return 'auth.error.invalidCredentials';
  if (call === 'registerStart' && status === 403) return 'auth.error.emailExists';
  if ((call === 'registerComplete' || call === 'resetComplete') && status === 404) return 'auth.error.invalidRequest';
  if (call === 'resetStart' && status === 404) return 'auth.error.emailNotFound';
  return 'auth.error.generic';
}

export const callOf: Record<Exclude<AuthForm, 'SENT'>, AuthCall> = {
  LOGIN: 'login',
  REGISTER: 'registerStart',
  RESET: 'resetStart',
  RESET_LOGGED_IN: 'resetStart',
  COMPLETE_REGISTER: 'registerComplete',
  COMPLETE_RESET: 'resetComplete',
};
