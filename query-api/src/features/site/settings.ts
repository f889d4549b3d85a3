import { Router } from 'express';
import { PAYMENT_METHODS } from '@phonemarket/contracts';
import { DEFAULT_SETTINGS, type AdminSettings, type SettingsHistoryEntry } from '@phonemarket/contracts/settings.ts';
import type { SiteInfo } from '@phonemarket/contracts';
import {
  SITE_SETTINGS, SITE_SETTINGS_DOC_ID, SITE_SETTINGS_HISTORY, USERS, displayName,
  type SiteSettingsDoc, type SiteSettingsHistoryDoc, type UserDoc,
} from '@phonemarket/projector';
import { requireRole, type Auth } from '@phonemarket/platform/auth/session.ts';
import type { QueryDeps } from '../../shared/deps.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The history answers the newest saves, this many. */
export const SETTINGS_HISTORY_LIMIT = 200;

async function settingsDoc(deps: Pick<QueryDeps, 'docs'>): Promise<SiteSettingsDoc | null> {
  return deps.docs.collection<SiteSettingsDoc>(SITE_SETTINGS).get(SITE_SETTINGS_DOC_ID);
}

/** Every section in force: as saved, else its defaults (the session timeouts: the server's configuration). */
export function settingsOf(doc: SiteSettingsDoc | null, configured: Auth['configuredPolicy']): AdminSettings {
  const s = doc?.sections ?? {};
  const { passwordSet: _unused, ...emailDefaults } = DEFAULT_SETTINGS.email;
  return {
    site: s.site ?? DEFAULT_SETTINGS.site,
    security: s.security ?? {
      sessionIdleMinutes: Math.max(1, Math.round(configured.idleMs / MINUTE)),
      sessionAbsoluteHours: Math.max(1, Math.round(configured.absoluteMs / HOUR)),
      ...DEFAULT_SETTINGS.security,
    },
    email: { ...(s.email ?? emailDefaults), passwordSet: doc?.passwordSet ?? false },
    notifications: s.notifications ?? DEFAULT_SETTINGS.notifications,
    payment: s.payment ?? DEFAULT_SETTINGS.payment,
    chatbot: s.chatbot ?? DEFAULT_SETTINGS.chatbot,
  };
}

/** What every page may know of the settings (`GET /api/site`): the business information and checkout's payment methods. */
export async function publicSettings(deps: Pick<QueryDeps, 'docs' | 'auth'>): Promise<Omit<SiteInfo, 'demo'>> {
  const settings = settingsOf(await settingsDoc(deps), deps.auth.configuredPolicy);
  return {
    business: settings.site,
    payment: { methods: PAYMENT_METHODS.filter((m) => settings.payment.methods[m]), cardLimit: settings.payment.cardLimit },
  };
}

/**
 * This instance's session timeouts follow the saved security settings (issue 29): at start and after
 * each projected batch that changed them (the command side applies a save at once; a standalone
 * query-api learns it here). Positions keep an older policy from coming back.
 */
export function followSessionPolicy(deps: Pick<QueryDeps, 'docs' | 'auth' | 'progress'>): void {
  let applied = -1;
  const sync = async () => {
    const doc = await settingsDoc(deps);
    const pos = doc?._pos ?? 0;
    if (pos <= applied) return;
    applied = pos;
    const security = doc?.sections.security;
    deps.auth.setPolicy(
      security ? { idleMs: security.sessionIdleMinutes * MINUTE, absoluteMs: security.sessionAbsoluteHours * HOUR } : deps.auth.configuredPolicy,
      BigInt(pos),
    );
  };
  void sync().catch(() => {});
  deps.progress.onBatch(() => void sync().catch(() => {}));
}

/** `GET /api/admin/settings` (every section; the SMTP password only as `passwordSet`) and `GET /api/admin/settings/history`, admins only. */
export function settingsQueryRoutes(deps: Pick<QueryDeps, 'docs' | 'auth'>): Router {
  const router = Router();
  const admin = requireRole('admin');

  router.get('/api/admin/settings', admin, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(settingsOf(await settingsDoc(deps), deps.auth.configuredPolicy) satisfies AdminSettings);
  });

  router.get('/api/admin/settings/history', admin, async (_req, res) => {
    const entries = await deps.docs.collection<SiteSettingsHistoryDoc>(SITE_SETTINGS_HISTORY).find({}, { sort: { _pos: -1 }, limit: SETTINGS_HISTORY_LIMIT });
    const actorIds = [...new Set(entries.flatMap((e) => (e.actorId === null ? [] : [e.actorId])))];
    const actors = actorIds.length ? await deps.docs.collection<UserDoc>(USERS).find({ _id: { $in: actorIds } }) : [];
    const names = new Map(actors.map((u) => [u.id, displayName(u)]));
    res.setHeader('Cache-Control', 'no-store');
    res.json(entries.map((e) => ({
      at: e.at, section: e.section,
      actor: { userId: e.actorId, name: e.actorId === null ? null : (names.get(e.actorId) ?? null) },
      changes: e.changes,
    })) satisfies SettingsHistoryEntry[]);
  });

  return router;
}
