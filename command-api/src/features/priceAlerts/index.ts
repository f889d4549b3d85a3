import { defineCommandFeature } from '../../shared/feature.ts';
import {
  backfillPriceSeries, priceAlertFanoutProcess, warmPriceAlertFolds, priceAlertLifeProcess, restockAlertProcess, seriesOfferProcess, seriesPlanFeeProcess, seriesSellerProcess, seriesTermsProcess,
} from './priceAlertProcesses.ts';
import { priceAlertRoutes } from './routes.ts';

/** Issue 42 §2: price alerts, the series' markets they watch and their processes. */
export const priceAlertsFeature = defineCommandFeature({
  name: 'priceAlerts',
  routes: (deps) => [priceAlertRoutes(deps)],
  processes: [seriesOfferProcess, seriesTermsProcess, seriesPlanFeeProcess, seriesSellerProcess, priceAlertFanoutProcess, priceAlertLifeProcess, restockAlertProcess],
  async seed(deps) {
    await backfillPriceSeries(deps.store, { actor: { userId: null, role: 'admin' }, correlationId: 'price-series-backfill', clock: deps.clock, newId: deps.newId });
    // Not awaited: the start answers at once; a failed warm only leaves the first move to fold cold.
    void warmPriceAlertFolds(deps.store).catch(() => undefined);
  },
});
