import {
  SELLER_APPLICATION_STATUS_LABELS, SELLER_STATUS_LABELS,
  type AdminSeller, type SellerApplication, type SellerApplicationDecision,
} from '@phonemarket/contracts';
import type { Doc } from '../../docstore/types.ts';
import { pushRooms } from '../../outbox.ts';
import { docProjection, readModelGroup } from '../docProjection.ts';
import { displayName } from '../shared.ts';
import type { PushMessage } from '../types.ts';

/** Seller applications as the admin lists them (contract `SellerApplication`). */
export const SELLER_APPLICATIONS = 'sellerApplications';
/** Sellers with their store and status, as the admin lists them (contract `AdminSeller`). */
export const SELLER_PROFILES = 'sellerProfiles';
/** What the sellers' model keeps of other streams: each account's name (`user:<userId>`), to name an application's reviewer. */
export const SELLER_LOOKUPS = 'sellerLookups';

export type SellerApplicationDoc = Doc & SellerApplication & { _pos: number };
export type SellerProfileDoc = Doc & AdminSeller & { _pos: number };
interface NameDoc extends Doc { name: string; _pos: number }

const userKey = (userId: string) => `user:${userId}`;
const accountNames = docProjection<NameDoc, 'UserRegistered'>({
  name: 'sellerReviewerNames',
  collection: SELLER_LOOKUPS,
  canHandle: ['UserRegistered'],
  id: (e) => userKey(e.data.userId),
  evolve: (_doc, { data }) => ({ name: displayName(data) }),
});

const sellerApplicationsReadModel = docProjection<SellerApplicationDoc, 'SellerApplicationSubmitted' | 'SellerApplicationReviewStarted' | 'SellerApplicationApproved' | 'SellerApplicationRejected'>({
  collection: SELLER_APPLICATIONS,
  canHandle: ['SellerApplicationSubmitted', 'SellerApplicationReviewStarted', 'SellerApplicationApproved', 'SellerApplicationRejected'],
  id: (event) => event.data.applicationId,
  async evolve(doc, event, { docs }) {
    if (event.type === 'SellerApplicationSubmitted') {
      const { applicationId, ...submitted } = event.data;
      return {
        ...submitted, preApproval: submitted.preApproval ?? null, id: applicationId, status: 'pending', statusLabel: SELLER_APPLICATION_STATUS_LABELS.pending,
        submittedAt: event.metadata.at, reviewedAt: null, reviewedBy: null, reviewerName: null, reviewNotes: null, sellerId: null,
      } satisfies SellerApplication;
    }
    if (doc === null) return null;
    const reviewer = await docs.collection<NameDoc>(SELLER_LOOKUPS).get(userKey(event.data.reviewedBy));
    const reviewed = { reviewedBy: event.data.reviewedBy, reviewerName: reviewer?.name ?? null, reviewedAt: event.metadata.at };
    switch (event.type) {
      case 'SellerApplicationReviewStarted':
        return { ...doc, ...reviewed, status: 'reviewing', statusLabel: SELLER_APPLICATION_STATUS_LABELS.reviewing };
      case 'SellerApplicationApproved':
        return { ...doc, ...reviewed, status: 'approved', statusLabel: SELLER_APPLICATION_STATUS_LABELS.approved, reviewNotes: event.data.reviewNotes, sellerId: event.data.sellerId };
      case 'SellerApplicationRejected':
        return { ...doc, ...reviewed, status: 'rejected', statusLabel: SELLER_APPLICATION_STATUS_LABELS.rejected, reviewNotes: event.data.reviewNotes };
    }
  },
  push(doc, event) {
    const messages: PushMessage[] = [
      { topic: 'sellerApplicationChanged', room: pushRooms.admins, payload: doc },
    ];
    if (event.type === 'SellerApplicationApproved' || event.type === 'SellerApplicationRejected') {
      // Issue 12 (notifications) hooks in here: the applicant hears the decision either way.
      const decision: SellerApplicationDecision = { applicationId: doc.id, status: event.type === 'SellerApplicationApproved' ? 'approved' : 'rejected', reviewNotes: doc.reviewNotes };
      messages.push({ topic: 'sellerApplicationDecided', room: pushRooms.user(doc.applicantId), payload: decision });
    }
    return messages;
  },
  async setup(docs) {
    await docs.collection(SELLER_APPLICATIONS).createIndex({ submittedAt: -1 });
  },
});

const sellerProfilesReadModel = docProjection<SellerProfileDoc, 'SellerOnboarded' | 'SellerStoreOpened' | 'SellerStoreRenamed' | 'SellerStatusChanged'>({
  collection: SELLER_PROFILES,
  canHandle: ['SellerOnboarded', 'SellerStoreOpened', 'SellerStoreRenamed', 'SellerStatusChanged'],
  id: (event) => event.data.sellerId,
  evolve(doc, event) {
    switch (event.type) {
      case 'SellerOnboarded': {
        const d = event.data;
        return {
          id: d.sellerId, userId: d.userId, name: d.name, storeName: d.storeName, storeId: doc?.storeId ?? '', email: d.email, phone: d.phone,
          businessNumber: d.businessNumber, createdAt: event.metadata.at, status: d.status, statusLabel: SELLER_STATUS_LABELS[d.status],
        };
      }
      case 'SellerStoreOpened':
        return doc === null ? null : { ...doc, storeId: event.data.storeId, storeName: event.data.name };
      case 'SellerStoreRenamed':
        return doc === null ? null : { ...doc, storeName: event.data.to };
      case 'SellerStatusChanged':
        return doc === null ? null : { ...doc, status: event.data.to, statusLabel: SELLER_STATUS_LABELS[event.data.to] };
    }
  },
  push(doc, event) {
    return event.type === 'SellerStoreOpened' ? [] : [{ topic: 'sellerChanged', room: pushRooms.admins, payload: doc }];
  },
});

/** The admin's seller applications and sellers (the storefront's view of a seller is the offers' `marketSellers`). */
export const sellersReadModel = readModelGroup('sellers', [accountNames, sellerApplicationsReadModel, sellerProfilesReadModel], { version: 20 });
