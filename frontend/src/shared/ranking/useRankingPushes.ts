import { useEffect } from 'react';
import { RANKING_FOLLOW, RANKING_UNFOLLOW, SOCKET_EVENTS } from '@phonemarket/contracts';
import { openLiveSocket, useLiveData, type LiveData } from '../live';

/** The page's components that follow the live ranking now (the app's one connection is shared by all). */
let followers = 0;

/**
 * `ranking:update` pushes for a component that shows, or reacts to, the live ranking, while it is mounted and
 * enabled. The server sends the ranking only to sockets that follow it (ADR 023, seventh session): the hook
 * asks on every connection (a new socket is in no room), and the socket stops following once the page's last
 * such component has gone, so a page without the ranking is sent none. The 30 s refetch stays the fallback.
 */
export function useRankingPushes({ enabled = true, ...live }: Omit<LiveData, 'events' | 'onConnect'>): void {
  useEffect(() => {
    if (!enabled) return;
    followers += 1;
    return () => {
      followers -= 1;
      if (followers > 0) return;
      // A socket that is not open is in no room (its next one starts with none): nothing to leave.
      void openLiveSocket().then((socket) => {
        // Another component may have followed meanwhile, its follow perhaps already sent: it stays followed.
        if (followers === 0) socket?.emit(RANKING_UNFOLLOW);
      });
    };
  }, [enabled]);
  useLiveData({ ...live, enabled, events: [SOCKET_EVENTS.rankingUpdate], onConnect: (socket) => socket.emit(RANKING_FOLLOW) });
}
