import { productsReadModel } from '../products/productsReadModel.ts';
import { rankingReadModel } from './rankingReadModel.ts';

/** The read models the ranking needs (products for the join; ranking itself). */
export const allReadModelsForTest = [productsReadModel, rankingReadModel];
