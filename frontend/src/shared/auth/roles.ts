import { ROLES, type Role } from '@phonemarket/contracts';
import type { ApiRole } from '../api/client';

/** The one role list is `ROLES` in @phonemarket/contracts; the signed-out visitor is 'guest'. */
export { ROLES };
export type UserRole = Role;
export type SessionRole = ApiRole;

/** Badge labels (spec §6). */
export const ROLE_LABELS: Record<SessionRole, string> = {
  guest: '게스트',
  user: '구매자',
  seller: '셀러',
  admin: '관리자',
};

/** Spec §3's stored user names the buyer 'buyer'. */
const LEGACY_ROLE_NAMES = { user: 'buyer', seller: 'seller', admin: 'admin' } as const satisfies Record<Role, string>;
export type LegacyRole = (typeof LEGACY_ROLE_NAMES)[Role];
export const LEGACY_ROLES = ROLES.map((role) => LEGACY_ROLE_NAMES[role]) as [LegacyRole, ...LegacyRole[]];

export function toLegacyRole(role: Role): LegacyRole {
  return LEGACY_ROLE_NAMES[role];
}

export function fromLegacyRole(legacy: LegacyRole): Role {
  return ROLES.find((role) => LEGACY_ROLE_NAMES[role] === legacy) ?? 'user';
}
