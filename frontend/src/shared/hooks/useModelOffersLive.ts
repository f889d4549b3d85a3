import { MODEL_FOLLOW, SOCKET_EVENTS } from '@phonemarket/contracts';
import { MODEL_PATHS } from '../api/models';
import { useLiveData } from '../live';
import { useAfterIdle } from './useAfterIdle';

/**
 * A model's page follows its offers' prices (issue 27): once the page is idle it asks the server to
 * join the model's room; when the carrier terms re-price its offers (`model:offers`), the model,
 * its offers and its price history are read again. Every socket may follow: prices are public.
 */
export function useModelOffersLive(modelId: string): void {
  const idle = useAfterIdle();
  useLiveData({
    enabled: idle,
    events: [SOCKET_EVENTS.modelOffersChanged],
    queryKeys: [[MODEL_PATHS.offers(modelId)], [MODEL_PATHS.history(modelId)], [MODEL_PATHS.model(modelId)]],
    // Asked on every connection: a new socket is in no model's room.
    onConnect: (socket) => socket.emit(MODEL_FOLLOW, { modelId }),
    onPush: (payload, { refetch }) => {
      if ((payload as { modelId?: unknown } | null)?.modelId === modelId) refetch();
    },
  });
}
