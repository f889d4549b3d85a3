import { josa } from 'es-hangul';
import * as z from 'zod/mini';
import { ROLES } from './roles.ts';
import { plainText } from './text.ts';

/** Admin reads and commands (issue 11): audit histories, user management, phone thumbnails, image collection counters. */

/**
 * One entry of `GET /api/seller-applications/{id}/history`, `/api/sellers/{id}/history` and
 * `/api/admin/users/{id}/history`: every event of the stream, in order. `data` never holds a
 * password hash or an address. `actor.name` is the acting account's name when known.
 */
export const historyEntrySchema = z.object({
  type: z.string(),
  at: z.string(),
  actor: z.object({
    userId: z.nullable(z.string()),
    role: z.enum(['guest', ...ROLES]),
    name: z.optional(z.nullable(z.string())),
  }),
  data: z.record(z.string(), z.unknown()),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historySchema = z.array(historyEntrySchema);

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: '활성', suspended: '정지' };
export const SUSPENDED_ACCOUNT_MESSAGE = '정지된 계정입니다. 고객센터에 문의해주세요.';
export const LAST_ADMIN_MESSAGE = '마지막 관리자는 정지하거나 권한을 변경할 수 없습니다.';
export const ADMIN_USERS_PAGE_SIZE = 20;

/** One account in `GET /api/admin/users` (no password hash), with the number of orders it placed. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  statusLabel: z.string(),
  createdAt: z.string(),
  orderCount: z.nullable(z.number()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/admin/users?q=&role=&status=&page=` (page from 1, 20 a page, newest first). */
export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** The longest search /admin/users sends (its box takes no more). */
export const ADMIN_USER_SEARCH_MAX = 100;
export const adminUsersQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(ADMIN_USER_SEARCH_MAX, { error: `검색어는 ${ADMIN_USER_SEARCH_MAX}자 이하로 입력해주세요.` }))),
  role: z.optional(z.enum(ROLES, { error: '역할은 user, seller, admin 중 하나여야 합니다.' })),
  status: z.optional(z.enum(USER_STATUSES, { error: '상태는 active, suspended 중 하나여야 합니다.' })),
  page: z._default(z.pipe(
    z.string(),
    z.transform((s: string, ctx) => {
      const n = Number(s);
      if (!Number.isInteger(n) || n < 1 || n > 10_000) {
        ctx.issues.push({ code: 'custom', message: '페이지는 1 이상의 정수여야 합니다.', input: s });
        return z.NEVER;
      }
      return n;
    }),
  ), 1),
});

/** `PUT /api/admin/users/{id}/status`. */
export const userStatusRequestSchema = z.object({
  status: z.enum(USER_STATUSES, { error: '상태는 active, suspended 중 하나여야 합니다.' }),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500, { error: '사유는 500자 이하로 입력해주세요.' }), plainText({ multiline: true }))),
});
export type UserStatusRequest = z.output<typeof userStatusRequestSchema>;

/** `PUT /api/admin/users/{id}/role`. */
export const userRoleRequestSchema = z.object({
  role: z.enum(ROLES, { error: '역할은 user, seller, admin 중 하나여야 합니다.' }),
});
export type UserRoleRequest = z.output<typeof userRoleRequestSchema>;

export const PHONE_THUMBNAILS_PATH = '/api/phone-thumbnails';

const thumbnailText = (label: string, max: number) =>
  z.string({ error: `${josa(label, '을/를')} 입력해주세요.` }).check(
    z.trim(), z.minLength(1, { error: `${josa(label, '을/를')} 입력해주세요.` }), z.maxLength(max, { error: `${josa(label, '은/는')} ${max}자 이하로 입력해주세요.` }), plainText(),
  );
/** An http(s) URL or a path on this site. */
const urlText = (label: string) =>
  z.string({ error: `${josa(label, '을/를')} 입력해주세요.` }).check(
    z.trim(),
    z.minLength(1, { error: `${josa(label, '을/를')} 입력해주세요.` }),
    z.maxLength(2000, { error: `${josa(label, '은/는')} 2000자 이하로 입력해주세요.` }),
    z.refine((s) => /^(https?:\/\/[^\s]+|\/[^\s]*)$/i.test(s), { error: `${josa(label, '은/는')} http(s) 주소여야 합니다.` }),
  );

/** `POST /api/phone-thumbnails` and `PUT /api/phone-thumbnails/{id}` (the add/edit dialog resolves with it). */
export const phoneThumbnailRequestSchema = z.object({
  brandName: thumbnailText('브랜드명', 50),
  modelName: thumbnailText('모델명', 100),
  thumbnailUrl: urlText('썸네일 URL'),
  sourceUrl: z.optional(z.pipe(
    z.string().check(z.trim(), z.refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { error: '출처 URL은 http(s) 주소여야 합니다.' }), z.maxLength(2000)),
    z.transform((s: string) => (s === '' ? undefined : s)),
  )),
  description: z.optional(z.pipe(
    z.string().check(z.trim(), z.maxLength(500, { error: '설명은 500자 이하로 입력해주세요.' }), plainText({ multiline: true })),
    z.transform((s: string) => (s === '' ? undefined : s)),
  )),
});
export type PhoneThumbnailRequest = z.output<typeof phoneThumbnailRequestSchema>;
export type PhoneThumbnailFormInput = z.input<typeof phoneThumbnailRequestSchema>;

export const phoneThumbnailSchema = z.object({
  id: z.string(),
  brandName: z.string(),
  modelName: z.string(),
  thumbnailUrl: z.string(),
  sourceUrl: z.nullable(z.string()),
  description: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PhoneThumbnail = z.infer<typeof phoneThumbnailSchema>;
export const phoneThumbnailsSchema = z.array(phoneThumbnailSchema);

/** `GET /api/admin/image-collection/stats`: counted from the stored image batches, policies and channels (0 while there are none). */
export const imageCollectionStatsSchema = z.object({
  collectedToday: z.number(),
  awaitingReview: z.number(),
  approved: z.number(),
  activeChannels: z.number(),
});
export type ImageCollectionStats = z.infer<typeof imageCollectionStatsSchema>;
