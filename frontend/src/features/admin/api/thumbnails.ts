import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHONE_THUMBNAILS_PATH, commandAnswerSchema, phoneThumbnailsSchema, type PhoneThumbnail, type PhoneThumbnailRequest } from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';

/** `GET /api/phone-thumbnails` (public). */
export function getThumbnails(signal?: AbortSignal): Promise<PhoneThumbnail[]> {
  return apiFetch(PHONE_THUMBNAILS_PATH, { schema: phoneThumbnailsSchema, signal });
}

export const thumbnailsQueryOptions = () => queryOptions({ queryKey: [PHONE_THUMBNAILS_PATH], queryFn: ({ signal }) => getThumbnails(signal) });

export function useThumbnails() {
  return useQuery(thumbnailsQueryOptions());
}

/** `POST`, `PUT /{id}` and `DELETE /{id}` (admins). */
export function useSaveThumbnail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: PhoneThumbnailRequest & { id?: string }) =>
      apiFetch(id ? `${PHONE_THUMBNAILS_PATH}/${encodeURIComponent(id)}` : PHONE_THUMBNAILS_PATH, { method: id ? 'PUT' : 'POST', body, schema: commandAnswerSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: [PHONE_THUMBNAILS_PATH] }),
  });
}

export function useDeleteThumbnail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${PHONE_THUMBNAILS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: commandAnswerSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: [PHONE_THUMBNAILS_PATH] }),
  });
}
