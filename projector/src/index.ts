import type { ReadModel } from './readModels/types.ts';
import { productsReadModel } from './readModels/products/productsReadModel.ts';
import { catalogueReadModel } from './readModels/catalogue/catalogueReadModel.ts';
import { rankingReadModel } from './readModels/ranking/rankingReadModel.ts';
import { usersReadModel } from './readModels/users/usersReadModel.ts';
import { cartsReadModel } from './readModels/carts/cartsReadModel.ts';

export * from './docstore/index.ts';
export * from './projector.ts';
export * from './readModels/types.ts';
export * from './readModels/products/productsReadModel.ts';
export * from './readModels/catalogue/catalogueReadModel.ts';
export * from './readModels/ranking/rankingReadModel.ts';
export * from './readModels/ranking/rankingRules.ts';
export * from './readModels/users/usersReadModel.ts';
export * from './readModels/carts/cartsReadModel.ts';
export * from './rebuild.ts';

/** Every read model, in the order events are applied to them. */
export const allReadModels: readonly ReadModel[] = [productsReadModel, catalogueReadModel, rankingReadModel, usersReadModel, cartsReadModel];
