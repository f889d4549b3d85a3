import { DEFAULT_SETTINGS, type SettingsSection } from '@phonemarket/contracts/settings.ts';
import { streams, type EventDataOf, type EventStore, type StoredEvent } from '@phonemarket/events';
import type { Auth, SessionPolicy } from '@phonemarket/platform/auth/session.ts';
import { loadAggregate } from './commandHandler.ts';

/*
 * The site settings as the command side uses them (issue 29): the `siteSettings-site` stream folded
 * into the sections an admin saved, each with its defaults until then. Sign-in limits, checkout's
 * payment methods and card limit, the e-mail sending and the session timeouts read them here (the
 * settings feature's decider folds the same way), from the stream itself, so every command-api
 * instance reads the settings as saved.
 */

type Changed = EventDataOf<'SiteSettingsChanged'>;
/** Each section's values as saved (the e-mail section without its password). */
export type SectionValues = { [S in SettingsSection]: Extract<Changed, { section: S }>['values'] };

export interface SavedSettings {
  sections: Partial<SectionValues>;
  /** The SMTP password, sealed (shared/secretBox.ts); null: none. */
  sealedPassword: string | null;
}

export const savedSettingsFold = {
  initialState: (): SavedSettings => ({ sections: {}, sealedPassword: null }),
  evolve(state: SavedSettings, event: StoredEvent): SavedSettings {
    if (event.type !== 'SiteSettingsChanged') return state;
    const data = event.data;
    const sections = { ...state.sections, [data.section]: data.values };
    const sealedPassword = data.section === 'email' && data.sealedPassword !== undefined ? data.sealedPassword : state.sealedPassword;
    return { sections, sealedPassword };
  },
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The sections in force: saved, else their defaults (the session timeouts: the server's configuration). */
export function effectiveSections(saved: SavedSettings, configured: SessionPolicy): SectionValues {
  const { passwordSet: _unused, ...email } = DEFAULT_SETTINGS.email;
  return {
    site: saved.sections.site ?? DEFAULT_SETTINGS.site,
    security: saved.sections.security ?? {
      sessionIdleMinutes: Math.max(1, Math.round(configured.idleMs / MINUTE)),
      sessionAbsoluteHours: Math.max(1, Math.round(configured.absoluteMs / HOUR)),
      ...DEFAULT_SETTINGS.security,
    },
    email: saved.sections.email ?? email,
    notifications: saved.sections.notifications ?? DEFAULT_SETTINGS.notifications,
    payment: saved.sections.payment ?? DEFAULT_SETTINGS.payment,
    chatbot: saved.sections.chatbot ?? DEFAULT_SETTINGS.chatbot,
  };
}

/** The session timeouts in force: the saved security section's, else the server's configuration (exactly). */
export function sessionPolicyOf(saved: SavedSettings, configured: SessionPolicy): SessionPolicy {
  const security = saved.sections.security;
  return security ? { idleMs: security.sessionIdleMinutes * MINUTE, absoluteMs: security.sessionAbsoluteHours * HOUR } : configured;
}

export interface CurrentSettings {
  saved: SavedSettings;
  values: SectionValues;
  /** The position of the last settings event (0n: none saved). */
  position: bigint;
}

/** The settings now, from the stream (a fold kept per store: a read costs the events since the last one). */
export async function readSettings(store: EventStore, configured: SessionPolicy): Promise<CurrentSettings> {
  const loaded = await loadAggregate(store, streams.siteSettings(), savedSettingsFold);
  return { saved: loaded.state, values: effectiveSections(loaded.state, configured), position: loaded.position };
}

/** Puts the settings' session timeouts in force for this instance's sessions (new and open ones). */
export function applySessionPolicy(auth: Pick<Auth, 'setPolicy' | 'configuredPolicy'>, current: Pick<CurrentSettings, 'saved' | 'position'>): void {
  auth.setPolicy(sessionPolicyOf(current.saved, auth.configuredPolicy), current.position);
}

/** How often an instance re-reads the settings for its session timeouts (another instance may have saved them). */
export const SETTINGS_REFRESH_MS = 15_000;

/**
 * Keeps this instance's session timeouts in step with the settings: now, then every
 * SETTINGS_REFRESH_MS (the instance that saves applies them at once). Answers the stop.
 */
export async function followSessionPolicy(store: EventStore, auth: Pick<Auth, 'setPolicy' | 'configuredPolicy'>, onError: (err: unknown) => void = () => {}): Promise<() => void> {
  const refresh = async () => applySessionPolicy(auth, await readSettings(store, auth.configuredPolicy));
  await refresh();
  const timer = setInterval(() => void refresh().catch(onError), SETTINGS_REFRESH_MS);
  timer.unref();
  return () => clearInterval(timer);
}
