import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commandAnswerSchema } from '@phonemarket/contracts';
import {
  ADMIN_CHANNELS_PATH, ADMIN_IMAGE_BATCHES_PATH, channelCreatedSchema, channelsSchema, imageBatchesSchema,
  type ChannelRequest, type ChannelSettingsRequest, type Channels, type ImageBatchStatus, type ImageBatchStatusRequest, type ImageBatches,
} from '@phonemarket/contracts/channels.ts';
import { apiFetch } from '../../../shared/api/client';

/** `GET /api/admin/channels` (admins). */
export function getChannels(signal?: AbortSignal): Promise<Channels> {
  return apiFetch(ADMIN_CHANNELS_PATH, { schema: channelsSchema, signal });
}
export const channelsQueryOptions = () => queryOptions({ queryKey: [ADMIN_CHANNELS_PATH], queryFn: ({ signal }) => getChannels(signal) });
export function useChannels(enabled = true) {
  return useQuery({ ...channelsQueryOptions(), enabled });
}

export interface BatchFilter { status: ImageBatchStatus | ''; channelId: string }

/** `GET /api/admin/image-batches?status=&channelId=` (admins): the queue with the four counters; read again every 15 s (new deliveries). */
export function getImageBatches(filter: BatchFilter, signal?: AbortSignal): Promise<ImageBatches> {
  return apiFetch(ADMIN_IMAGE_BATCHES_PATH, { params: { status: filter.status || undefined, channelId: filter.channelId || undefined }, schema: imageBatchesSchema, signal });
}
export const imageBatchesQueryOptions = (filter: BatchFilter) =>
  queryOptions({ queryKey: [ADMIN_IMAGE_BATCHES_PATH, filter], queryFn: ({ signal }) => getImageBatches(filter, signal), refetchInterval: 15_000 });
export function useImageBatches(filter: BatchFilter, enabled = true) {
  return useQuery({ ...imageBatchesQueryOptions(filter), enabled });
}

/** `POST /api/admin/channels`: the answer carries the API key, shown once. */
export function useRegisterChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelRequest) => apiFetch(ADMIN_CHANNELS_PATH, { method: 'POST', body, schema: channelCreatedSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_CHANNELS_PATH] }),
  });
}

/** `PUT /api/admin/channels/{id}/active`. */
export function useSetChannelActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, isActive }: { channelId: string; isActive: boolean }) =>
      apiFetch(`${ADMIN_CHANNELS_PATH}/${encodeURIComponent(channelId)}/active`, { method: 'PUT', body: { isActive }, schema: commandAnswerSchema }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: [ADMIN_CHANNELS_PATH] });
      await client.invalidateQueries({ queryKey: [ADMIN_IMAGE_BATCHES_PATH] });
    },
  });
}

/** `PUT /api/admin/channels/{id}/settings`: auto processing and/or the allowed types (the next delivery follows them). */
export function useChangeChannelSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, ...body }: ChannelSettingsRequest & { channelId: string }) =>
      apiFetch(`${ADMIN_CHANNELS_PATH}/${encodeURIComponent(channelId)}/settings`, { method: 'PUT', body, schema: commandAnswerSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_CHANNELS_PATH] }),
  });
}

/** `PUT /api/admin/image-batches/{id}/status` (REVIEWING: the admin processes a batch that waits). */
export function useSetBatchStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ImageBatchStatusRequest & { id: string }) =>
      apiFetch(`${ADMIN_IMAGE_BATCHES_PATH}/${encodeURIComponent(id)}/status`, { method: 'PUT', body, schema: commandAnswerSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: [ADMIN_IMAGE_BATCHES_PATH] }),
  });
}
