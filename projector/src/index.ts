import type { ReadModel } from './readModels/types.ts';
import { catalogueReadModel } from './readModels/catalogue/catalogueReadModel.ts';
import { rankingReadModel } from './readModels/rankings/rankingReadModel.ts';
import { accountsReadModel } from './readModels/accounts/accountsReadModel.ts';
import { cartReadModel } from './readModels/cart/cartReadModel.ts';
import { shoppingReadModel } from './readModels/orders/ordersReadModels.ts';
import { offersReadModel } from './readModels/offers/offersReadModel.ts';
import { popularSearchesReadModel } from './readModels/searches/popularSearchesReadModel.ts';
import { supportReadModel } from './readModels/support/supportReadModels.ts';
import { sellersReadModel } from './readModels/sellers/sellersReadModels.ts';
import { historyReadModel } from './readModels/histories/historyReadModel.ts';
import { phoneThumbnailsReadModel } from './readModels/phoneThumbnails/phoneThumbnailsReadModel.ts';
import { reviewsReadModel } from './readModels/reviews/reviewsReadModels.ts';

export * from './docstore/index.ts';
export * from './projector.ts';
export * from './outbox.ts';
export * from './readModels/types.ts';
export * from './readModels/docProjection.ts';
export * from './readModels/catalogue/catalogueReadModel.ts';
export * from './readModels/rankings/rankingReadModel.ts';
export * from './readModels/rankings/rankingRules.ts';
export * from './readModels/accounts/accountsReadModel.ts';
export * from './readModels/cart/cartReadModel.ts';
export * from './readModels/offers/offersReadModel.ts';
export * from './readModels/searches/popularSearchesReadModel.ts';
export * from './readModels/support/supportReadModels.ts';
export * from './readModels/sellers/sellersReadModels.ts';
export * from './readModels/histories/historyReadModel.ts';
export * from './readModels/phoneThumbnails/phoneThumbnailsReadModel.ts';
export * from './readModels/orders/ordersReadModels.ts';
export * from './readModels/reviews/reviewsReadModels.ts';
export * from './rebuild.ts';
export * from './snapshots/snapshotFile.ts';
export * from './snapshots/readModelSnapshots.ts';

/** Every read model, in the order events are applied to them. */
export const allReadModels: readonly ReadModel[] = [catalogueReadModel, offersReadModel, popularSearchesReadModel, rankingReadModel, accountsReadModel, cartReadModel, sellersReadModel, historyReadModel, phoneThumbnailsReadModel, supportReadModel, shoppingReadModel, reviewsReadModel];
