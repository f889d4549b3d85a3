import { tabStorage } from '../../shared/storage';

/**
 * A chat handed to a live agent outlives a reload of its tab: the widget keeps the chat's id and the bot's
 * part of the conversation here, and opens on it again (the agent's part is the server's transcript). Per
 * tab: two tabs never share one widget's chat. Read with the widget's `liveChatSchema`; this module stays
 * tiny because the launcher on every page asks it.
 */
export const LIVE_CHAT_KEY = 'phonemarket.chatbot.live';

let atPageLoad: boolean | undefined;
/** Whether the tab had a chat with an agent when this page loaded (the launcher opens the widget on it once, not again after a rating). */
export const hadLiveChatAtLoad = () => (atPageLoad ??= tabStorage.get(LIVE_CHAT_KEY) !== null);
