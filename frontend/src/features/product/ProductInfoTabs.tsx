import type { MouseEvent } from 'react';
import { Box, chakra, Heading, List, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ModelDetail } from '../../shared/api/models';
import type { SellerListing } from '@phonemarket/contracts';
import { CONDITION_LABEL, formatDate, formatNumber, formatStorage, formatWon } from '../../shared/format';
import { useSearchParams } from 'react-router-dom';
import { listingPolicySections, POLICY_SECTIONS, SPEC_LABELS } from './content';
import { ProductQuestions } from './ProductQuestions';
import { ProductReviews } from './ProductReviews';

function Specs({ model }: { model: ModelDetail }) {
  const rows: [string, string][] = [
    ...SPEC_LABELS.map(([key, label]) => [label, model.specifications[key]] as [string, string]),
    ['저장 용량 · 출고가', model.variants.map((v) => `${formatStorage(v.storage)} ${formatWon(v.releasePrice)}`).join(' / ')],
    ['출시일', formatDate(model.releasedAt)],
    ['판매 조건', model.conditions.map((c) => CONDITION_LABEL[c]).join(', ')],
    ['통신사', model.carriers.join(', ')],
  ];
  return (
    <Stack gap="4">
      {model.description ? <Text color="fg.muted">{model.description}</Text> : null}
      <chakra.dl display="grid" gridTemplateColumns={{ base: '6.5rem 1fr', md: '10rem 1fr' }} borderTopWidth="1px" borderColor="border" fontSize="sm">
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <chakra.dt bg="bg.muted" px="3" py="2.5" borderBottomWidth="1px" borderColor="border" fontWeight="medium">{label}</chakra.dt>
            <chakra.dd px="3" py="2.5" borderBottomWidth="1px" borderColor="border">{value || '-'}</chakra.dd>
          </Box>
        ))}
      </chakra.dl>
    </Stack>
  );
}

function Policy({ listing }: { listing: SellerListing | null }) {
  // A seller's own listing: its seller's terms, not the new-phone promises (issue 39).
  const sections = listing ? listingPolicySections(listing) : POLICY_SECTIONS;
  return (
    <Stack gap="5" data-testid="product-policy">
      {sections.map((section) => (
        <Box key={section.title}>
          <Heading as="h3" size="sm" mb="2">
            {section.title}
          </Heading>
          <List.Root gap="1" ps="5" color="fg.muted" fontSize="sm">
            {section.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List.Root>
        </Box>
      ))}
    </Stack>
  );
}

/** The details' tabs, in order; `?tab=` names one (a link to it, a notification, an early click). */
const INFO_TABS = ['specs', 'reviews', 'qna', 'policy'] as const;
type InfoTab = (typeof INFO_TABS)[number];

/**
 * The tab the address asks for: `?tab=` (a notification's `?tab=reviews` / `?tab=qna`, a tab clicked before the
 * page's script ran), else /orders' 리뷰 작성 (`?review=<orderId>`) the reviews, else the specs.
 */
function tabOf(params: URLSearchParams): InfoTab {
  const tab = INFO_TABS.find((t) => t === params.get('tab'));
  return tab ?? (params.has('review') ? 'reviews' : 'specs');
}

/** A click the browser would open elsewhere (a new tab or window, a download): left to the browser, as the tabs leave it. */
const opensElsewhere = (e: MouseEvent<HTMLElement>) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * Lower tabs: specs, reviews, Q&A, shipping/exchange/return policy (the 판매처 list above replaces the carrier products tab).
 *
 * Each tab is a link to the page with `?tab=` and `#product-info` (s61): the tabs are on the server's page before the
 * page's script has run (ADR 009), and a click there used to do nothing; as a link it loads the page with that tab
 * chosen, at the tabs, server-rendered. Once hydrated, a click only chooses the tab in the page (no new document, the
 * address as it was: a tab is not worth re-rendering the page for); a ctrl/⌘-click opens the tab in a new browser tab.
 */
export function ProductInfoTabs({ model, listing = null }: { model: ModelDetail; listing?: SellerListing | null }) {
  const [params] = useSearchParams();
  const hrefOf = (tab: InfoTab) => {
    const next = new URLSearchParams(params);
    next.set('tab', tab);
    return `?${next.toString()}#product-info`;
  };
  // On the list, so the tab's own click (zag's: it ignores a click already prevented) chooses it first; then the link is not followed.
  const inPage = (e: MouseEvent<HTMLElement>) => {
    if (!opensElsewhere(e)) e.preventDefault();
  };
  const labels: Record<InfoTab, string> = {
    specs: '상품 정보',
    reviews: `리뷰${model.reviewCount ? ` (${formatNumber(model.reviewCount)})` : ''}`,
    qna: '상품 문의',
    policy: '배송/교환/반품',
  };
  return (
    <Box as="section" aria-label="상품 상세 정보" id="product-info">
      {/* navigate: null: an arrow key chooses a tab in the page, it does not follow its link. */}
      <Tabs.Root defaultValue={tabOf(params)} variant="line" lazyMount navigate={null}>
        <Tabs.List overflowX="auto" overflowY="hidden" flexWrap="nowrap" css={{ scrollbarWidth: 'thin' }} onClick={inPage}>
          {INFO_TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} flexShrink={0} asChild>
              <a href={hrefOf(tab)}>{labels[tab]}</a>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="specs">
          <Specs model={model} />
        </Tabs.Content>
        <Tabs.Content value="reviews">
          <ProductReviews productId={model.id} />
        </Tabs.Content>
        <Tabs.Content value="qna">
          <ProductQuestions productId={model.id} />
        </Tabs.Content>
        <Tabs.Content value="policy">
          <Policy listing={listing} />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
