import { koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  ADMIN_QUOTE_REQUESTS_PATH, QUOTE_MARKET_PATH, QUOTE_MESSAGES, QUOTE_REQUESTS_PATH, QUOTE_REQUEST_STATUSES, SELLER_QUOTE_FILTERS, SELLER_QUOTE_REQUESTS_PATH,
  type AdminQuoteRequests, type MyQuoteRequests, type QuoteMarket, type QuoteOfferAnswer, type QuoteRequestAnswer, type QuoteTerms,
  type SellerQuoteFilter, type SellerQuoteRequest, type SellerQuoteRequests,
} from '@phonemarket/contracts/quotes.ts';
import { laterPlanIn, type HistoryEntry, type ShopTrust } from '@phonemarket/contracts';
import {
  QUOTE_LOOKUPS, QUOTE_REQUESTS, SELLER_PROFILES, quoteLookupKey,
  type QuoteModelDoc, type QuoteOfferDoc, type QuotePlanDoc, type QuoteReleaseDoc, type QuoteRequestDoc, type QuoteSubsidyDoc, type QuoteTermsDoc, type SellerProfileDoc,
} from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { forbidden, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { notSuspendedSeller } from '../../shared/sellerStanding.ts';
import { dealsAndTrust, shopTrusts } from '../../shared/shopTrust.ts';
import { catalogueIndex } from '../../shared/catalogueIndex.ts';

/** Offers by 24개월 실부담, ties by who sent first (rank 1 = the best). */
const ranked = (offers: readonly QuoteOfferDoc[]) =>
  [...offers].sort((a, b) => a.terms.totalCost - b.terms.totalCost || (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));

function offerAnswer(o: QuoteOfferDoc, rank: number | null, trust: (sellerId: string) => ShopTrust): QuoteOfferAnswer {
  const t = o.terms;
  return {
    id: o.id, status: o.status, seller: { ...o.seller, ...dealsAndTrust(trust(o.seller.id)) }, storage: t.storage, carrier: t.carrier, joinType: t.joinType, planId: t.planId, planName: t.planName,
    discount: t.discount, months: t.months, extraSubsidy: t.extraSubsidy, planKeepMonths: t.planKeepMonths, addOns: t.addOns,
    cardRequired: t.cardRequired, tradeInRequired: t.tradeInRequired, note: t.note, conditions: t.conditions, laterPlanName: t.laterPlanName ?? null, figures: t.figures, cost24: t.cost24, addOnCost: t.addOnCost,
    totalCost: t.totalCost, rank, createdAt: o.createdAt, updatedAt: o.updatedAt, validUntil: o.validUntil, revisions: o.revisions, termsChanged: o.termsChanged,
  };
}

const decided = (doc: QuoteRequestDoc) => doc.status !== 'open' && doc.status !== 'closed';

function requestFields(doc: QuoteRequestDoc) {
  const r = doc.request;
  return {
    id: doc.id, model: { id: r.modelId, name: r.modelName }, storage: r.storage, color: r.color, carrier: r.carrier, joinType: r.joinType, plan: r.plan,
    budget: r.budget, discount: r.discount, region: r.region, openHours: r.openHours, status: doc.status, createdAt: r.createdAt, closesAt: r.closesAt,
    decideBy: r.decideBy, offerCount: doc.offerCount,
  };
}

const winningTotalCost = (doc: QuoteRequestDoc) => doc.offers.find((o) => o.id === doc.acceptedOfferId)?.terms.totalCost ?? null;

/**
 * What one seller sees of a request (sealed offers, issue 35): no contact details (until it won), how many
 * offers it has and its own offer — never another seller's figure, the best figure or its own rank while the
 * request is undecided (open, or closed waiting for the buyer); after the decision the winning figure and its rank.
 */
function sellerView(doc: QuoteRequestDoc, sellerId: string, trust: (sellerId: string) => ShopTrust): SellerQuoteRequest {
  const order = ranked(doc.offers);
  const index = order.findIndex((o) => o.seller.id === sellerId);
  const mine = index >= 0 ? order[index]! : null;
  const rank = mine && decided(doc) ? index + 1 : null;
  return {
    ...requestFields(doc),
    myOffer: mine ? offerAnswer(mine, rank, trust) : null,
    winningTotalCost: decided(doc) ? winningTotalCost(doc) : null,
    myRank: rank,
  };
}


const sellerQuery = z.object({ status: z.enum(SELLER_QUOTE_FILTERS, { error: '목록 구분을 확인해주세요.' }).default('open') });
const adminQuery = z.object({
  status: z.enum([...QUOTE_REQUEST_STATUSES, 'all'], { error: '상태를 확인해주세요.' }).default('all'),
  q: z.string().trim().max(50, { error: '검색어는 50자 이하로 입력해주세요.' }).default(''),
});

/**
 * Quote matching reads (issue 25). Who sees what: the owner and admins the whole request with its
 * contact details and every offer by 24개월 실부담; an approved seller the request without contact
 * details and only its own offer (the winning seller the contact details once accepted); anyone else 404.
 */
export function quoteQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const requests = () => deps.docs.collection<QuoteRequestDoc>(QUOTE_REQUESTS);
  const signedIn = requireRole('user', 'seller', 'admin');

  /** Whether the signed-in seller is approved (a suspended or pending seller is not). */
  const approvedSeller = async (userId: string) => {
    const [profile] = await deps.docs.collection<SellerProfileDoc>(SELLER_PROFILES).find({ userId }, { limit: 1 });
    return profile?.status === 'approved';
  };

  router.get(QUOTE_MARKET_PATH, async (_req, res) => {
    const now = deps.clock().getTime();
    const all = await requests().find({});
    const today = koreanDayOf(now);
    const firsts = all.flatMap((d) => (d.firstOfferAt ? [(Date.parse(d.firstOfferAt) - Date.parse(d.request.createdAt)) / 60_000] : [])).sort((a, b) => a - b);
    const median = firsts.length === 0 ? null : firsts.length % 2 ? firsts[(firsts.length - 1) / 2]! : (firsts[firsts.length / 2 - 1]! + firsts[firsts.length / 2]!) / 2;
    res.json({
      openRequests: all.filter((d) => d.status === 'open').length,
      offersToday: all.reduce((n, d) => n + d.offers.filter((o) => koreanDayOf(o.createdAt) === today).length, 0),
      medianFirstOfferMinutes: median === null ? null : Math.round(median),
    } satisfies QuoteMarket);
  });

  router.get(`${QUOTE_REQUESTS_PATH}/mine`, requireRole('user'), async (req, res) => {
    const mine = await requests().find({ 'request.buyerId': req.auth!.user.id });
    mine.sort((a, b) => (a.request.createdAt < b.request.createdAt ? 1 : -1));
    res.json({
      items: mine.map((d) => ({
        id: d.id, model: { id: d.request.modelId, name: d.request.modelName }, status: d.status, offerCount: d.offerCount,
        bestTotalCost: d.bestTotalCost, closesAt: d.request.closesAt, decideBy: d.request.decideBy,
      })),
    } satisfies MyQuoteRequests);
  });

  /** The request and how the signed-in account may see it: 404 for anyone who may not. */
  const readable = async (req: Request) => {
    const id = req.params.id as string;
    const doc = id.length <= 100 ? await requests().get(id) : null;
    const user = req.auth!.user;
    if (doc && user.role === 'admin') return { doc, viewer: 'admin' as const };
    if (doc && user.role === 'user' && doc.request.buyerId === user.id) return { doc, viewer: 'owner' as const };
    if (doc && user.role === 'seller' && (await approvedSeller(user.id))) return { doc, viewer: 'seller' as const };
    throw notFound(QUOTE_MESSAGES.notFound);
  };

  router.get(`${QUOTE_REQUESTS_PATH}/:id`, signedIn, async (req, res) => {
    const { doc, viewer } = await readable(req);
    const order = ranked(doc.offers);
    const r = doc.request;
    if (viewer === 'seller') {
      const sellerId = req.auth!.user.id;
      const view = sellerView(doc, sellerId, await shopTrusts(deps.docs, [sellerId]));
      const won = doc.winnerId === sellerId;
      res.json({
        ...requestFields(doc),
        ...(won ? { name: r.name, phone_number: r.phone_number, email: r.email } : {}),
        offers: view.myOffer ? [view.myOffer] : [],
        acceptedOfferId: won ? doc.acceptedOfferId : null,
        orderId: won ? doc.orderId : null,
        winningTotalCost: view.winningTotalCost,
        viewer,
      } satisfies QuoteRequestAnswer);
      return;
    }
    // Each shop's figures from its shop reviews (issue 41), read now: a quote's snapshot would go stale.
    const trust = await shopTrusts(deps.docs, doc.offers.map((o) => o.seller.id));
    res.json({
      ...requestFields(doc), bestTotalCost: doc.bestTotalCost, name: r.name, phone_number: r.phone_number, email: r.email,
      offers: order.map((o, i) => offerAnswer(o, i + 1, trust)),
      acceptedOfferId: doc.acceptedOfferId, orderId: doc.orderId, winningTotalCost: winningTotalCost(doc), viewer,
    } satisfies QuoteRequestAnswer);
  });

  router.get(`${QUOTE_REQUESTS_PATH}/:id/history`, signedIn, async (req, res) => {
    const { doc, viewer } = await readable(req);
    if (viewer === 'seller') throw notFound(QUOTE_MESSAGES.notFound);
    res.json(doc.history.map((e) => ({ ...e, actor: { ...e.actor, name: null } })) satisfies HistoryEntry[]);
  });

  /** The market's terms of the request's model, for the offer form's figures (approved sellers). */
  router.get(`${QUOTE_REQUESTS_PATH}/:id/terms`, requireRole('seller'), notSuspendedSeller(deps), async (req, res) => {
    const { doc } = await readable(req);
    const lookups = deps.docs.collection(QUOTE_LOOKUPS);
    const [terms, model] = await Promise.all([
      lookups.get(quoteLookupKey.terms(doc.request.modelId)) as Promise<QuoteTermsDoc | null>,
      lookups.get(quoteLookupKey.model(doc.request.modelId)) as Promise<QuoteModelDoc | null>,
    ]);
    const rows = Object.values(terms?.terms ?? {});
    const planIds = [...new Set(rows.map((r) => r.planId))];
    const modelId = doc.request.modelId;
    const tableKeys = [...new Set(rows.map((r) => quoteLookupKey.subsidy({ modelId, ...r })))];
    const releaseKeys = [...new Set(rows.map((r) => quoteLookupKey.release({ modelId, storage: r.storage })))];
    const [planDocs, tables, releases] = await Promise.all([
      lookups.find({ _id: { $in: planIds.map(quoteLookupKey.plan) } }) as Promise<QuotePlanDoc[]>,
      lookups.find({ _id: { $in: tableKeys } }) as Promise<QuoteSubsidyDoc[]>,
      lookups.find({ _id: { $in: releaseKeys } }) as Promise<QuoteReleaseDoc[]>,
    ]);
    const plans = new Map(planDocs.map((p) => [p._id, p]));
    // The plan after 요금제 유지 an offer is priced with (the cheapest of the carrier's network type), as the server prices it.
    const catalogue = (await catalogueIndex(deps.docs, deps.progress).get()).plans;
    const laterPlan = laterPlanIn(catalogue);
    // The carrier terms in force (issue 27) over the terms the offers were listed on, as the server prices an offer.
    const table = new Map(tables.map((t) => [t._id, t.plans]));
    const release = new Map(releases.map((r) => [r._id, r.releasePrice]));
    const out: QuoteTerms['terms'] = [];
    for (const row of rows) {
      const variant = model?.variants.find((v) => v.storage === row.storage);
      const plan = plans.get(quoteLookupKey.plan(row.planId));
      if (!variant || !plan) continue;
      const later = laterPlan(row.planId, null);
      out.push({
        laterPlanId: later?.planId ?? row.planId, laterPlanName: (later && catalogue.get(later.planId)?.name) ?? plan.name, laterPlanFee: later?.monthlyFee ?? plan.fee,
        storage: row.storage, carrier: row.carrier as QuoteTerms['terms'][number]['carrier'], joinType: row.joinType as QuoteTerms['terms'][number]['joinType'],
        planId: row.planId, planName: plan.name, planFee: plan.fee,
        devicePrice: release.get(quoteLookupKey.release({ modelId, storage: row.storage })) ?? variant.releasePrice,
        subsidy: table.get(quoteLookupKey.subsidy({ modelId, ...row }))?.[row.planId] ?? row.subsidy,
      });
    }
    out.sort((a, b) => a.storage - b.storage || a.carrier.localeCompare(b.carrier) || a.joinType.localeCompare(b.joinType) || b.planFee - a.planFee);
    res.json({ terms: out } satisfies QuoteTerms);
  });

  router.get(SELLER_QUOTE_REQUESTS_PATH, requireRole('seller'), notSuspendedSeller(deps), async (req, res) => {
    const sellerId = req.auth!.user.id;
    if (!(await approvedSeller(sellerId))) throw forbidden();
    const { status } = parseInput(sellerQuery, req.query, '목록 구분을 확인해주세요.');
    const filters: Record<SellerQuoteFilter, () => Promise<QuoteRequestDoc[]>> = {
      open: () => requests().find({ status: 'open' }),
      mine: () => requests().find({ sellerIds: sellerId, status: { $in: ['open', 'closed'] } }),
      won: () => requests().find({ winnerId: sellerId }),
      lost: () => requests().find({ sellerIds: sellerId, $or: [{ status: 'accepted', winnerId: { $ne: sellerId } }, { status: 'expired' }] }),
    };
    const found = await filters[status]();
    // Open requests closing first; decided ones newest first.
    found.sort(status === 'open' || status === 'mine'
      ? (a, b) => (a.request.closesAt < b.request.closesAt ? -1 : 1)
      : (a, b) => ((a.decidedAt ?? '') < (b.decidedAt ?? '') ? 1 : -1));
    const trust = await shopTrusts(deps.docs, [sellerId]);
    res.json({ items: found.map((d) => sellerView(d, sellerId, trust)) } satisfies SellerQuoteRequests);
  });

  router.get(ADMIN_QUOTE_REQUESTS_PATH, requireRole('admin'), async (req, res) => {
    const { status, q } = parseInput(adminQuery, req.query, '검색 조건을 확인해주세요.');
    let found = await requests().find(status === 'all' ? {} : { status });
    if (q) {
      const needle = q.toLowerCase();
      found = found.filter((d) => [d.id, d.request.modelName, d.request.modelId, d.request.name, d.request.phone_number].some((v) => v.toLowerCase().includes(needle)));
    }
    found.sort((a, b) => (a.request.createdAt < b.request.createdAt ? 1 : -1));
    res.json({
      items: found.slice(0, 200).map((d) => ({ ...requestFields(d), bestTotalCost: d.bestTotalCost, buyerId: d.request.buyerId, name: d.request.name, acceptedOfferId: d.acceptedOfferId, orderId: d.orderId })),
      total: found.length,
    } satisfies AdminQuoteRequests);
  });

  return router;
}
