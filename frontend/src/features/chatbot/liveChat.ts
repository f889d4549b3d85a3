import { tabStorage } from '../../shared/storage';

/**
 * A chat handed to a live agent outlives a reload of its tab: the widget keeps the chat's id, its phase and
 * the bot's part of the conversation here, and opens on it again (the agent's part is the server's
 * transcript). Per tab: two tabs never share one widget's chat. Read with `liveChatStateSchema` in the
 * widget; this module stays tiny because the launcher on every page asks it.
 */
export const LIVE_CHAT_KEY = 'phonemarket.chatbot.live';

/** Whether this tab has a chat waiting for or talking with an agent. */
export const hasLiveChat = () => tabStorage.get(LIVE_CHAT_KEY) !== null;

let atPageLoad: boolean | undefined;
/** Whether the tab had one when this page loaded (the launcher opens the widget on it once, not again after a rating). */
export const hadLiveChatAtLoad = () => (atPageLoad ??= hasLiveChat());
