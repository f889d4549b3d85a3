import type { ReactNode } from 'react';
import { Box, chakra, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PageFrame } from '../../shared/ui/PageParts';

/** When the three policies take effect (one date for all, until legal review sets another). */
export const POLICY_EFFECTIVE_DATE = '2026-11-23';

const POLICIES = [
  { to: '/terms', label: '이용약관' },
  { to: '/privacy', label: '개인정보처리방침' },
  { to: '/refund-policy', label: '환불정책' },
] as const;

export interface PolicySection {
  /** Anchor id of the section (`#refund-after-delivery`). */
  id: string;
  title: string;
  body: ReactNode;
}

/** Paragraphs, lists and tables inside a section: readable line length and spacing at 375 px. */
const sectionCss = {
  '& p': { marginTop: '2' },
  '& ul, & ol': { marginTop: '2', paddingInlineStart: '5', display: 'flex', flexDirection: 'column', gap: '1' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& table': { width: 'full', marginTop: '3', fontSize: 'sm', borderCollapse: 'collapse' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border', padding: '2', textAlign: 'start', verticalAlign: 'top' },
  '& th': { bg: 'bg.muted', fontWeight: 'semibold' },
} as const;

/**
 * One policy page: its h1, 시행일 and the 'draft, not yet reviewed by counsel' note, a contents list,
 * the sections as h2s, and links to the other two policies.
 */
export function PolicyLayout({ title, path, intro, sections }: { title: string; path: (typeof POLICIES)[number]['to']; intro: ReactNode; sections: PolicySection[] }) {
  useDocumentTitle(title);
  return (
    <PageFrame back={{ to: '/', label: '홈으로' }}>
      <chakra.article maxW="3xl" mx="auto" lineHeight="tall" wordBreak="keep-all" overflowWrap="anywhere">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>{title}</Heading>
        <Text mt="2" color="fg.muted" fontSize="sm">
          시행일: <chakra.time dateTime={POLICY_EFFECTIVE_DATE}>2026년 11월 23일</chakra.time>
        </Text>
        <Box mt="4" p="3" rounded="md" borderWidth="1px" borderColor="orange.emphasized" bg="orange.subtle" fontSize="sm" role="note" data-testid="policy-draft-note">
          <Text fontWeight="semibold">법률 검토 전 초안</Text>
          <Text mt="1">이 문서는 법률 전문가의 검토를 받기 전의 초안입니다. 검토 결과에 따라 내용이 바뀔 수 있으며, 바뀌면 시행 7일 전에 공지합니다.</Text>
        </Box>
        <Box mt="5">{intro}</Box>
        <Box as="nav" aria-label="목차" mt="5" p="4" rounded="md" bg="bg.subtle" fontSize="sm">
          <Text fontWeight="semibold">목차</Text>
          <chakra.ol mt="2" ps="5" listStyleType="decimal" display="flex" flexDirection="column" gap="1">
            {sections.map((s) => (
              <li key={s.id}><Link href={`#${s.id}`} color="fg.muted" _hover={{ color: 'fg' }}>{s.title}</Link></li>
            ))}
          </chakra.ol>
        </Box>
        <Stack gap="8" mt="8">
          {sections.map((s, i) => (
            <chakra.section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} scrollMarginTop="20" css={sectionCss}>
              <Heading as="h2" id={`${s.id}-title`} size={{ base: 'md', md: 'lg' }}>{`제${i + 1}조 ${s.title}`}</Heading>
              {s.body}
            </chakra.section>
          ))}
        </Stack>
        <Box as="nav" aria-label="다른 정책" mt="10" pt="5" borderTopWidth="1px" fontSize="sm">
          <Stack direction="row" gap="4" wrap="wrap">
            {POLICIES.filter((p) => p.to !== path).map((p) => (
              <Link key={p.to} asChild color="fg.muted" _hover={{ color: 'fg' }}>
                <RouterLink to={p.to}>{p.label}</RouterLink>
              </Link>
            ))}
            <Link asChild color="fg.muted" _hover={{ color: 'fg' }}>
              <RouterLink to="/customer-support">고객센터</RouterLink>
            </Link>
          </Stack>
        </Box>
      </chakra.article>
    </PageFrame>
  );
}
