/**
 * Role numbers, labels and the cumulative flags, free of zod so that the web client can import them
 * without pulling the schema library into its bundle. `roles.ts` re-exports everything here.
 */
/** Roles are numbers so that "at least" comparisons express the cumulative tier flags of the spec. */
export const ROLES = {
  NONE: 0,
  USER: 1,
  MINI: 3,
  STANDARD: 5,
  PREMIUM: 6,
  PROFI: 7,
  ENTERPRISE: 9,
  ADVANCED: 10,
  ADMIN: 10000,
} as const;
export type RoleName = keyof typeof ROLES;
export type Role = (typeof ROLES)[RoleName];

export const ROLE_LABELS: Record<Role, { cs: string; en: string }> = {
  0: { cs: 'Žádný', en: 'None' },
  1: { cs: 'Uživatel', en: 'User' },
  3: { cs: 'Mini', en: 'Mini' },
  5: { cs: 'Standard', en: 'Standard' },
  6: { cs: 'Premium', en: 'Premium' },
  7: { cs: 'Profi', en: 'Profi' },
  9: { cs: 'Enterprise', en: 'Enterprise' },
  10: { cs: 'Pokročilý', en: 'Advanced' },
  10000: { cs: 'Administrátor', en: 'Administrator' },
};

export const isPaying = (role: number) => role >= ROLES.MINI;
export const isAdmin = (role: number) => role >= ROLES.ADMIN;
export const hasRole = (role: number, atLeast: RoleName) => role >= ROLES[atLeast];
