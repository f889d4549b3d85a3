import { Badge, Box, Card, Flex, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { formatWon } from '../../shared/format';
import type { ExpectedExtra } from './cost';
import { EXTRA_LABELS } from './labels';

export interface PreviewBadgesProps {
  items: string[];
  /** the discounts that apply: amounts in direct mode, switched-on options in budget mode */
  discounts: string[];
}

/** The preview: badges for the selected items and the discounts that apply. */
export function PreviewBadges({ items, discounts }: PreviewBadgesProps) {
  return (
    <Box as="section" aria-label="선택 항목 미리보기" data-testid="preview-badges" p="4" rounded="xl" borderWidth="1px" bg="bg.subtle">
      <Stack gap="2.5">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontSize="xs" fontWeight="bold" color="fg.muted" minW="14">
            선택 항목
          </Text>
          <Wrap gap="1.5">
            {items.map((item) => (
              <Badge key={item} colorPalette="brand" variant="subtle" size="md" whiteSpace="normal">
                {item}
              </Badge>
            ))}
          </Wrap>
        </Flex>
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontSize="xs" fontWeight="bold" color="fg.muted" minW="14">
            적용 할인
          </Text>
          <Wrap gap="1.5">
            {discounts.length === 0 ? (
              <Badge variant="outline" size="md">
                적용되는 할인 없음
              </Badge>
            ) : (
              discounts.map((d) => (
                <Badge key={d} colorPalette="green" variant="subtle" size="md" whiteSpace="normal">
                  {d}
                </Badge>
              ))
            )}
          </Wrap>
        </Flex>
      </Stack>
    </Box>
  );
}

/**
 * What the discount conditions may save, beside the page's one total (issue 39 §6): one 예상 line per
 * condition that applies — its name, the amount (once off the 출고가, or each month off the fee) and the rule
 * it follows. Never summed, never a second total.
 */
export function ExpectedExtrasCard({ extras }: { extras: readonly ExpectedExtra[] }) {
  return (
    <Card.Root as="section" aria-labelledby="extras-title" data-testid="extras-card" variant="outline" bg="bg.panel">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Heading as="h3" id="extras-title" size="md">
          조건별 예상 할인
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          고른 조건마다 따로 보여드려요. 판매처·통신사 조건에 따라 달라서 위 총비용에는 더하지 않았어요.
        </Text>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '4', md: '6' }}>
        {extras.length === 0 ? (
          <Text color="fg.muted" fontSize="sm" data-testid="extras-empty">
            고른 할인 조건이 없어요. 할인 조건에서 기존 고객, 보상판매, 자동이체, 나이, 가족 결합 인원을 고르면 예상 할인이 나와요.
          </Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
            {extras.map((x) => (
              <Flex as="li" key={x.key} data-testid={`extra-${x.key}`} justify="space-between" align="baseline" gap="3" p="3" rounded="lg" borderWidth="1px" bg="green.subtle" borderColor="green.muted">
                <Box minW="0">
                  <Text fontWeight="semibold">{EXTRA_LABELS[x.key].label} 예상</Text>
                  <Text fontSize="xs" color="fg.muted">{EXTRA_LABELS[x.key].rule}</Text>
                </Box>
                <Text fontWeight="bold" fontVariantNumeric="tabular-nums" flexShrink={0} data-testid={`extra-${x.key}-amount`}>
                  {x.per === 'month' ? `월 -${formatWon(x.amount)}` : `-${formatWon(x.amount)}`}
                </Text>
              </Flex>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
