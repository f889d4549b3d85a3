import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MODEL_FOLLOW, SOCKET_EVENTS } from '@phonemarket/contracts';
import { MODEL_PATHS } from '../api/models';
import { getSocket } from '../socket';
import { useAfterIdle } from './useAfterIdle';

/**
 * A model's page follows its offers' prices (issue 27): once the page is idle it asks the server to
 * join the model's room; when the carrier terms re-price its offers (`model:offers`), the model,
 * its offers and its price history are read again. Every socket may follow: prices are public.
 */
export function useModelOffersLive(modelId: string): void {
  const idle = useAfterIdle();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!idle) return;
    let cancelled = false;
    let detach = () => {};
    void getSocket().then((socket) => {
      if (cancelled) return;
      const follow = () => socket.emit(MODEL_FOLLOW, { modelId });
      const changed = (payload: { modelId?: string } | null) => {
        if (payload?.modelId !== modelId) return;
        for (const path of [MODEL_PATHS.offers(modelId), MODEL_PATHS.history(modelId), MODEL_PATHS.model(modelId)]) void queryClient.invalidateQueries({ queryKey: [path] });
      };
      follow();
      socket.on('connect', follow);
      socket.on(SOCKET_EVENTS.modelOffersChanged, changed);
      detach = () => {
        socket.off('connect', follow);
        socket.off(SOCKET_EVENTS.modelOffersChanged, changed);
      };
    }).catch(() => undefined);
    return () => {
      cancelled = true;
      detach();
    };
  }, [idle, modelId, queryClient]);
}
