import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminUsersPageSchema, commandAnswerSchema, type AdminUsersPage, type Role, type UserStatus } from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';
import { invalidatePaths } from '../../../shared/api/invalidate';

export const ADMIN_USERS_PATH = '/api/admin/users';

export interface UserFilter {
  q?: string;
  role?: Role;
  status?: UserStatus;
  page: number;
}

/** `GET /api/admin/users?q=&role=&status=&page=` (admins). */
export function getUsers(filter: UserFilter, signal?: AbortSignal): Promise<AdminUsersPage> {
  return apiFetch(ADMIN_USERS_PATH, { params: { ...filter }, schema: adminUsersPageSchema, signal });
}

export const usersQueryOptions = (filter: UserFilter) =>
  queryOptions({ queryKey: [ADMIN_USERS_PATH, filter], queryFn: ({ signal }) => getUsers(filter, signal), placeholderData: keepPreviousData });

export function useUsers(filter: UserFilter, enabled = true) {
  return useQuery({ ...usersQueryOptions(filter), enabled });
}

function useUserCommand<V extends { id: string }>(suffix: 'status' | 'role') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: V) =>
      apiFetch(`${ADMIN_USERS_PATH}/${encodeURIComponent(id)}/${suffix}`, { method: 'PUT', body, schema: commandAnswerSchema }),
    onSettled: () => invalidatePaths(client, ADMIN_USERS_PATH),
  });
}

/** `PUT /api/admin/users/{id}/status` {status, reason}. */
export const useChangeUserStatus = () => useUserCommand<{ id: string; status: UserStatus; reason?: string }>('status');
/** `PUT /api/admin/users/{id}/role` {role}. */
export const useChangeUserRole = () => useUserCommand<{ id: string; role: Role }>('role');
