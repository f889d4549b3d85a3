import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  OFFERS_PATH, SELLER_OFFERS_PATH, SOCKET_EVENTS, commandAnswerSchema, offerActivePath, offerPricePath, offerStockPath, offerStockPushSchema, sellerOffersSchema,
  type ListOfferInput, type OfferPriceInput, type OfferStockInput, type OfferStockPush, type SellerOffers,
} from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';
import { MODEL_PATHS } from '../../../shared/api/models';
import { useLiveData } from '../../../shared/live';

/** `GET /api/seller/offers`: the signed-in seller's store and offers. */
export function getSellerOffers(signal?: AbortSignal): Promise<SellerOffers> {
  return apiFetch(SELLER_OFFERS_PATH, { schema: sellerOffersSchema, signal });
}

export const sellerOffersQueryOptions = () => queryOptions({ queryKey: [SELLER_OFFERS_PATH], queryFn: ({ signal }) => getSellerOffers(signal) });

export function useSellerOffers(enabled: boolean) {
  return useQuery({ ...sellerOffersQueryOptions(), enabled });
}

/** The seller's offers with one offer's units left and sold as pushed; `null` when that offer is not in them. */
export function withOfferStock(data: SellerOffers, push: OfferStockPush): SellerOffers | null {
  if (!data.offers.some((o) => o.id === push.offerId)) return null;
  return { ...data, offers: data.offers.map((o) => (o.id === push.offerId ? { ...o, stock: push.stock, sold: push.sold } : o)) };
}

/**
 * The dashboard live: every `offer:stock` push (an order took units, a cancel put them back) is
 * written into the seller's offers at once, so units left, sold and '판매 중 재고' follow without a
 * request; a push for an offer the list does not have yet (listed in another tab) reads the list again.
 */
export function useOfferStockLive(enabled = true): void {
  useLiveData({
    enabled,
    events: [SOCKET_EVENTS.offerStock],
    queryKeys: [[SELLER_OFFERS_PATH]],
    onPush: (payload, { client, refetch }) => {
      const parsed = offerStockPushSchema.safeParse(payload);
      if (!parsed.success) return;
      const data = client.getQueryData<SellerOffers>([SELLER_OFFERS_PATH]);
      const next = data && withOfferStock(data, parsed.data);
      if (next) client.setQueryData([SELLER_OFFERS_PATH], next);
      else refetch();
    },
  });
}

/** A change to an offer shows in the dashboard and in every list shoppers see. */
const refresh = (client: QueryClient) => client.invalidateQueries({
  predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0] === SELLER_OFFERS_PATH || q.queryKey[0].startsWith(MODEL_PATHS.models)),
});

/** `POST /api/offers`: sell on the terms of an offer on the market. */
export function useListOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ListOfferInput) => apiFetch(OFFERS_PATH, { method: 'POST', body: input, schema: commandAnswerSchema }),
    onSettled: () => refresh(client),
  });
}

/** `PUT /api/offers/{id}/active`: 활성/비활성, saved at once. */
export function useSetOfferActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => apiFetch(offerActivePath(id), { method: 'PUT', body: { active }, schema: commandAnswerSchema }),
    onSettled: () => refresh(client),
  });
}

/** `POST /api/offers/{id}/price`: a new 판매가 and 추가지원금, effective now. */
export function useChangeOfferPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: OfferPriceInput & { id: string }) => apiFetch(offerPricePath(id), { method: 'POST', body: input, schema: commandAnswerSchema }),
    onSettled: () => refresh(client),
  });
}

/** `PUT /api/offers/{id}/stock` (재고 수정): the units on sale from now on (a sold-out offer restocked). */
export function useSetOfferStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: OfferStockInput & { id: string }) => apiFetch(offerStockPath(id), { method: 'PUT', body: input, schema: commandAnswerSchema }),
    onSettled: () => refresh(client),
  });
}
