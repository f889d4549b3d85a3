import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  OFFERS_PATH, SELLER_OFFERS_PATH, commandAnswerSchema, offerActivePath, offerPricePath, sellerOffersSchema,
  type ListOfferInput, type OfferPriceInput, type SellerOffers,
} from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';
import { MODEL_PATHS } from '../../../shared/api/models';

/** `GET /api/seller/offers`: the signed-in seller's store and offers. */
export function getSellerOffers(signal?: AbortSignal): Promise<SellerOffers> {
  return apiFetch(SELLER_OFFERS_PATH, { schema: sellerOffersSchema, signal });
}

export const sellerOffersQueryOptions = () => queryOptions({ queryKey: [SELLER_OFFERS_PATH], queryFn: ({ signal }) => getSellerOffers(signal) });

export function useSellerOffers(enabled: boolean) {
  return useQuery({ ...sellerOffersQueryOptions(), enabled });
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
