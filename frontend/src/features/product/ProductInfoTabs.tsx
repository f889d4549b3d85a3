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

/** Lower tabs: specs, reviews, Q&A, shipping/exchange/return policy (the 판매처 list above replaces the carrier products tab). */
export function ProductInfoTabs({ model, listing = null }: { model: ModelDetail; listing?: SellerListing | null }) {
  // /orders' 리뷰 작성 (`?review=<orderId>`) and a review answer's notification (`?tab=reviews`) open the reviews tab; a Q&A notification `?tab=qna`.
  const [params] = useSearchParams();
  const tab = params.get('tab');
  const initialTab = params.has('review') || tab === 'reviews' ? 'reviews' : tab === 'qna' ? 'qna' : 'specs';
  return (
    <Box as="section" aria-label="상품 상세 정보" id="product-info">
      <Tabs.Root defaultValue={initialTab} variant="line" lazyMount>
        <Tabs.List overflowX="auto" overflowY="hidden" flexWrap="nowrap" css={{ scrollbarWidth: 'thin' }}>
          <Tabs.Trigger value="specs" flexShrink={0}>
            상품 정보
          </Tabs.Trigger>
          <Tabs.Trigger value="reviews" flexShrink={0}>
            리뷰{model.reviewCount ? ` (${formatNumber(model.reviewCount)})` : ''}
          </Tabs.Trigger>
          <Tabs.Trigger value="qna" flexShrink={0}>
            상품 문의
          </Tabs.Trigger>
          <Tabs.Trigger value="policy" flexShrink={0}>
            배송/교환/반품
          </Tabs.Trigger>
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
