import { create } from 'zustand';
import type { SessionPayload } from '@rr/proto';
import { api, setTokenProvider } from '../../../lib/api';
import { invalidate } from '../../../lib/query';
import { decodeToken, stateFromStoredToken, TOKEN_KEY, type SessionState } from '../session';

type Session = {
  state: SessionState;
  token: string | null;
  user: SessionPayload | null;
  refreshed: boolean;
  /** Reads the stored token; once logged in, refreshes it from GET /user a single time. */
  init: () => Promise<void>;
  login: (token: string) => void;
  logout: () => void;
  refresh: () => Promise<void>;
};

const read = () => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};
const write = (token: string | null) => {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage unavailable: the session lasts for this page */
  }
};

export type LogoutReason = { message: string | null };
let onForcedLogout: (reason: LogoutReason) => void = () => undefined;
export const setForcedLogoutHandler = (handler: (reason: LogoutReason) => void) => {
  onForcedLogout = handler;
};

export const useSession = create<Session>((set, get) => ({
  state: 'loading',
  token: null,
  user: null,
  refreshed: false,
  init: async () => {
    const token = read();
    const { state, user } = stateFromStoredToken(token);
    if (state === 'loggedOut' && token) write(null);
    set({ state, user, token: user ? token : null });
    if (state === 'loggedIn') await get().refresh();
  },
  login: (token) => {
    const user = decodeToken(token);
    if (!user) return;
    const sameUser = get().user?.id === user.id;
    write(token);
    set({ state: 'loggedIn', token, user, refreshed: true });
    if (!sameUser) invalidate('');
  },
  logout: () => {
    write(null);
    set({ state: 'loggedOut', token: null, user: null });
    invalidate('');
  },
  refresh: async () => {
    try {
      const answer = await api<{ token: string }>('/user');
      const user = decodeToken(answer?.token);
      if (!user) throw new Error('undecodable token');
      write(answer.token);
      set({ token: answer.token, user, refreshed: true });
    } catch (error) {
      const message = (error as { status?: number; message?: string }).status && (error as Error).message ? (error as Error).message : null;
      get().logout();
      onForcedLogout({ message });
    }
  },
}));

setTokenProvider(() => useSession.getState().token);

export const useUser = () => useSession((s) => s.user);
export const useSessionState = () => useSession((s) => s.state);
