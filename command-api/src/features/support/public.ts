/** What other features may use of support: the chat aggregate (a 신고 of a chat message reads its session). */
export { chatSessionDecider, isCustomer } from './chatSession.ts';
