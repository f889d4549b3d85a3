import { Stack } from '@chakra-ui/react';
import type { ProductQuery } from '../../shared/api/catalogue';
import { CategoryGrid } from './CategoryGrid';
import { Feed } from './Feed';
import { RankingTabs } from './RankingTabs';
import { SaleSection } from './SaleSection';
import { SellSection } from './SellSection';

export interface HomeBelowFoldProps {
  feedQuery: ProductQuery;
  q: string;
  onResetFilters: () => void;
}

/** Everything under the quick actions, split into its own chunk. */
export default function HomeBelowFold({ feedQuery, q, onResetFilters }: HomeBelowFoldProps) {
  return (
    <Stack gap={{ base: '10', md: '14' }}>
      <SaleSection />
      <CategoryGrid />
      <RankingTabs />
      <Feed query={feedQuery} q={q} onResetFilters={onResetFilters} />
      <SellSection />
    </Stack>
  );
}
