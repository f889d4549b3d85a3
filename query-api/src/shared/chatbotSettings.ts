import type { ChatbotSettings } from '@phonemarket/contracts/chatbotAdmin.ts';
import { DEFAULT_SETTINGS } from '@phonemarket/contracts/settings.ts';
import { SITE_SETTINGS, SITE_SETTINGS_DOC_ID, type SiteSettingsDoc } from '@phonemarket/projector';
import type { QueryDeps } from './deps.ts';

/**
 * The chatbot's settings in force (issue 29; the site settings' `chatbot` section, saved on
 * /admin/chatbot, else its defaults): `GET /api/chatbot/settings` answers them to the widget and the
 * knowledge search applies their threshold.
 */
export async function chatbotSettings(deps: Pick<QueryDeps, 'docs'>): Promise<ChatbotSettings> {
  const doc = await deps.docs.collection<SiteSettingsDoc>(SITE_SETTINGS).get(SITE_SETTINGS_DOC_ID);
  return doc?.sections.chatbot ?? DEFAULT_SETTINGS.chatbot;
}
