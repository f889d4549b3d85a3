import type { SettingsChange, SettingsSection } from '@phonemarket/contracts/settings.ts';
import type { DomainEvent } from '@phonemarket/events';
import type { SessionPolicy } from '@phonemarket/platform/auth/session.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { effectiveSections, savedSettingsFold, type SavedSettings, type SectionValues } from '../../shared/siteSettings.ts';

/**
 * The site settings aggregate (stream `siteSettings-site`, issue 29): an admin saves one section at a
 * time; the event carries the section's values after the save and each field that changed, from what
 * to what (against the values in force before: the defaults until a first save), so the stream is the
 * settings' history. A save that changes nothing appends nothing. The SMTP password arrives sealed
 * (`password`: a new one; null: remove the saved one; absent: keep it) and its change shows no value.
 */
export type SectionSave =
  | { section: 'site'; values: SectionValues['site'] }
  | { section: 'security'; values: SectionValues['security'] }
  | { section: 'email'; values: SectionValues['email']; password?: { sealed: string } | null }
  | { section: 'notifications'; values: SectionValues['notifications'] }
  | { section: 'payment'; values: SectionValues['payment'] }
  | { section: 'chatbot'; values: SectionValues['chatbot'] };

export type SettingsCommand = {
  type: 'SaveSettings';
  save: SectionSave;
  /** The server's session timeouts: the security section's values before its first save. */
  configured: SessionPolicy;
};

type Scalar = string | number | boolean | null;

/** `{ inApp: { order: true } }` → `{ 'inApp.order': true }`: one entry per leaf, in the values' key order. */
function leaves(values: object, prefix = ''): Map<string, Scalar> {
  const out = new Map<string, Scalar>();
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && typeof value === 'object') for (const [k, v] of leaves(value as object, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, value as Scalar);
  }
  return out;
}

/** The fields whose value differs, from → to (fields only one side has count as changed). */
export function changesBetween(before: object, after: object): SettingsChange[] {
  const from = leaves(before);
  const to = leaves(after);
  const changes: SettingsChange[] = [];
  for (const [field, value] of to) {
    const old = from.has(field) ? from.get(field)! : null;
    if (old !== value) changes.push({ field, from: old, to: value });
  }
  return changes;
}

export const settingsDecider: Decider<SavedSettings, SettingsCommand> = {
  initialState: savedSettingsFold.initialState,
  evolve: savedSettingsFold.evolve,
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'SaveSettings': {
        const { save } = command;
        const before = effectiveSections(state, command.configured)[save.section as SettingsSection];
        const changes = changesBetween(before, save.values);
        if (save.section === 'email') {
          const password = save.password;
          // A new password is always a change (its sealed form differs each time); removing one only when one is saved.
          const passwordChanged = password !== undefined && (password !== null || state.sealedPassword !== null);
          if (passwordChanged) changes.push({ field: 'password', from: null, to: null, secret: true });
          if (changes.length === 0) return [];
          return [{
            type: 'SiteSettingsChanged',
            data: { section: 'email', values: save.values, changes, ...(passwordChanged ? { sealedPassword: password === null ? null : password!.sealed } : {}) },
          }];
        }
        if (changes.length === 0) return [];
        return [{ type: 'SiteSettingsChanged', data: { ...save, changes } }];
      }
      default:
        return unhandled(command.type);
    }
  },
};
