import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commandAnswerSchema } from '@phonemarket/contracts';
import { CHATBOT_KNOWLEDGE_PATH, CHATBOT_STATS_PATH, type ChatbotKnowledgeRequest } from '@phonemarket/contracts/chatbotAdmin.ts';
import { apiFetch } from '../../../shared/api/client';
import { KNOWLEDGE_PATH } from '../../../shared/api/support';

/** `POST /api/admin/chatbot/knowledge-entries`: a question or a resolved inquiry → an entry in status 대기. */
export function useKnowledgeFromSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChatbotKnowledgeRequest) => apiFetch(CHATBOT_KNOWLEDGE_PATH, { method: 'POST', body, schema: commandAnswerSchema }),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: [CHATBOT_STATS_PATH] }),
      client.invalidateQueries({ queryKey: [KNOWLEDGE_PATH] }),
    ]),
  });
}
