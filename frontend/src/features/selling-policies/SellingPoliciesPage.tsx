import { Box, Button, Container, Heading, HStack, Skeleton, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useSession } from '../../shared/auth/session';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { CarrierTermsTab } from './CarrierTermsTab';
import { PricePoliciesTab } from './PricePoliciesTab';

/** /admin-selling-policies: price policies from image batches (판매 정책) and the carrier terms admins keep as data (통신사 조건). `?batch=` opens a policy written from that batch. */
export default function SellingPoliciesPage() {
  useDocumentTitle('판매 정책 관리');
  const { role, isLoading } = useSession();
  const [params] = useSearchParams();
  const batchId = params.get('batch') ?? '';
  if (role !== 'admin') {
    return <Container maxW="3xl" py="10">{isLoading ? <Skeleton h="24" /> : <Text data-testid="admin-forbidden">관리자만 접근할 수 있습니다.</Text>}</Container>;
  }
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <HStack justify="space-between" flexWrap="wrap" gap="2" mb="4">
        <Box>
          <Heading as="h1" size="xl">판매 정책 관리</Heading>
          <Text color="fg.muted" fontSize="sm">통신사 조건(출고가, 공시지원금)을 바꾸면 그 조건의 모든 상품 가격이 다시 계산됩니다.</Text>
        </Box>
        <Button asChild variant="outline" size="sm"><RouterLink to="/admin-image-collection">이미지 수집 관리</RouterLink></Button>
      </HStack>
      <Tabs.Root defaultValue={batchId ? 'policies' : 'terms'} lazyMount variant="line">
        <Tabs.List>
          <Tabs.Trigger value="terms">통신사 조건</Tabs.Trigger>
          <Tabs.Trigger value="policies">판매 정책</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="terms"><CarrierTermsTab /></Tabs.Content>
        <Tabs.Content value="policies"><PricePoliciesTab batchId={batchId} /></Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
