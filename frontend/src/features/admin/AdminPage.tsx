import { Heading, HStack, Link, Tabs } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useTabParam } from '../../shared/hooks/useTabParam';
import { PageFrame } from '../../shared/ui/PageParts';
import { AdminGate } from '../../shared/auth/AdminGate';
import { ProcessFailuresSummary } from './ProcessFailuresSummary';
import { ApplicationsPanel } from './ApplicationsPanel';
import { SellersPanel } from './SellersPanel';
import { ThumbnailsPanel } from './ThumbnailsPanel';
import { ChatbotPanel, ImageCollectionPanel } from './ToolsPanels';
import { AdminBuybackPanel } from '../../shared/buyback/AdminBuybackPanel';
import { useAdminLive } from './useAdminLive';

/** The panel's tabs; `?tab=` opens one, and follows the tab chosen (a refresh keeps it). */
const ADMIN_TABS = ['applications', 'sellers', 'thumbnails', 'chatbot', 'images', 'buyback'] as const;

function AdminPanel() {
  useAdminLive();
  const { tab, setTab } = useTabParam(ADMIN_TABS, 'applications');
  return (
    <PageFrame>
      <HStack justify="space-between" mb="4" flexWrap="wrap" gap="2">
        <Heading as="h1" size="xl">관리자 패널</Heading>
        <HStack gap="3" rowGap="1" fontSize="sm" flexWrap="wrap" css={{ '& a': { whiteSpace: 'nowrap' } }}>
          <Link asChild color="brand.fg"><RouterLink to="/admin/sellers">셀러 승인</RouterLink></Link>
          <Link asChild color="brand.fg"><RouterLink to="/admin/users">사용자 관리</RouterLink></Link>
          <Link asChild color="brand.fg"><RouterLink to="/admin/orders">주문 관리</RouterLink></Link>
          <Link asChild color="brand.fg"><RouterLink to="/admin/quotes">견적 요청 관리</RouterLink></Link>
          <Link asChild color="brand.fg"><RouterLink to="/admin-support">상담 콘솔</RouterLink></Link>
          <Link asChild color="brand.fg"><RouterLink to="/admin/settings">사이트 설정</RouterLink></Link>
          <Link asChild color="brand.fg"><RouterLink to="/admin/processes">처리 실패 작업</RouterLink></Link>
          <Link asChild color="brand.fg"><RouterLink to="/admin/reports">신고 관리</RouterLink></Link>
        </HStack>
      </HStack>
      <ProcessFailuresSummary />
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount unmountOnExit variant="line">
        <Tabs.List overflowX="auto" overflowY="hidden" css={{ '& [role=tab]': { whiteSpace: 'nowrap', flexShrink: 0 } }}>
          <Tabs.Trigger value="applications">셀러 신청</Tabs.Trigger>
          <Tabs.Trigger value="sellers">셀러 관리</Tabs.Trigger>
          <Tabs.Trigger value="thumbnails">폰 썸네일</Tabs.Trigger>
          <Tabs.Trigger value="chatbot">챗봇</Tabs.Trigger>
          <Tabs.Trigger value="images">이미지 수집</Tabs.Trigger>
          <Tabs.Trigger value="buyback" data-testid="admin-tab-buyback">중고폰 매입</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="applications"><ApplicationsPanel /></Tabs.Content>
        <Tabs.Content value="sellers"><SellersPanel /></Tabs.Content>
        <Tabs.Content value="thumbnails"><ThumbnailsPanel /></Tabs.Content>
        <Tabs.Content value="chatbot"><ChatbotPanel /></Tabs.Content>
        <Tabs.Content value="images"><ImageCollectionPanel /></Tabs.Content>
        <Tabs.Content value="buyback"><AdminBuybackPanel /></Tabs.Content>
      </Tabs.Root>
    </PageFrame>
  );
}

/** /admin: six tabs (applications by default; 중고폰 매입 last); admins only. */
export default function AdminPage() {
  useDocumentTitle('관리자 패널');
  return <AdminGate><AdminPanel /></AdminGate>;
}
