import type { SettingsChange, SettingsSection } from '@phonemarket/contracts/settings.ts';
import type { EventDataOf } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { handling, type EventOf } from '../docProjection.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';

/*
 * Site settings (issue 29): the sections as last saved (one document, `_id` 'site'; a section never
 * saved is absent and the query side answers its defaults) and their history, one document per save
 * (who, when, which section, each change from → to). The sealed SMTP password never enters either:
 * the settings say only whether one is saved, the history that it changed.
 */
export const SITE_SETTINGS = 'siteSettings';
export const SITE_SETTINGS_HISTORY = 'siteSettingsHistory';
export const SITE_SETTINGS_DOC_ID = 'site';

type Changed = EventDataOf<'SiteSettingsChanged'>;
export type SavedSections = { [S in SettingsSection]?: Extract<Changed, { section: S }>['values'] };

export interface SiteSettingsDoc extends Doc {
  sections: SavedSections;
  passwordSet: boolean;
  _pos: number;
}

export interface SiteSettingsHistoryDoc extends Doc {
  at: string;
  section: SettingsSection;
  actorId: string | null;
  changes: SettingsChange[];
  _pos: number;
}

export const settingsReadModel: ReadModel = handling(['SiteSettingsChanged'], {
  name: 'siteSettings',
  // 2: the e-mail kinds gained 가격 알림 (issue 42); a rebuild fills it in from the events' default.
  version: 3,
  collections: [SITE_SETTINGS, SITE_SETTINGS_HISTORY],
  async setup(docs) {
    await docs.collection(SITE_SETTINGS_HISTORY).createIndex({ _pos: -1 });
  },
  async apply(event, ctx) {
    if (event.type !== 'SiteSettingsChanged') return;
    const { data, metadata } = event as EventOf<'SiteSettingsChanged'>;
    // The history entry first (its id is the event's: writing it again changes nothing), then the settings.
    await ctx.docs.collection<SiteSettingsHistoryDoc>(SITE_SETTINGS_HISTORY).put({
      _id: event.id, at: metadata.at, section: data.section, actorId: metadata.actor.userId,
      changes: data.changes.map((c) => ({ field: c.field, from: c.from, to: c.to, ...(c.secret ? { secret: true } : {}) })),
      _pos: ctx.position,
    });
    const col = ctx.docs.collection<SiteSettingsDoc>(SITE_SETTINGS);
    const doc = await col.get(SITE_SETTINGS_DOC_ID);
    if (alreadyApplied(doc, ctx.position)) return;
    const passwordSet = data.section === 'email' && data.sealedPassword !== undefined ? data.sealedPassword !== null : doc?.passwordSet ?? false;
    await col.put({ _id: SITE_SETTINGS_DOC_ID, sections: { ...doc?.sections, [data.section]: data.values }, passwordSet, _pos: ctx.position });
  },
});
