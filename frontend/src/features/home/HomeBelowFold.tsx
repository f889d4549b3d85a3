import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ProductQuery } from '../../shared/api/catalogue';
import { HydrateWhenVisible } from '../../shared/ui/HydrateWhenVisible';
import { offscreenCss } from '../../shared/ui/offscreen';
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

/**
 * A section the browser lays out and paints only when it comes near the screen (`offscreenCss`): the
 * home page is ~5,600 px tall on a phone, and every restyle while the app starts (hydration, images
 * arriving) re-laid out all of it. A server-rendered section also hydrates only then (ADR 009).
 */
function OffscreenSection({ estimate, children }: { estimate: string; children: ReactNode }) {
  return <HydrateWhenVisible css={offscreenCss(estimate)}>{children}</HydrateWhenVisible>;
}

/** Everything under the quick actions, split into its own chunk. */
export default function HomeBelowFold({ feedQuery, q, onResetFilters }: HomeBelowFoldProps) {
  return (
    <Stack gap={{ base: '10', md: '14' }}>
      <OffscreenSection estimate="800px"><SaleSection /></OffscreenSection>
      <OffscreenSection estimate="420px"><CategoryGrid /></OffscreenSection>
      <OffscreenSection estimate="880px"><RankingTabs /></OffscreenSection>
      <OffscreenSection estimate="1600px"><Feed query={feedQuery} q={q} onResetFilters={onResetFilters} /></OffscreenSection>
      <OffscreenSection estimate="300px"><SellSection /></OffscreenSection>
    </Stack>
  );
}
