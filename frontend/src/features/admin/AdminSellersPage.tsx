import { useState } from 'react';
import { Heading, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { SELLER_APPLICATION_STATUSES, SELLER_APPLICATION_STATUS_LABELS, type SellerApplicationStatus } from '@phonemarket/contracts';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PageFrame } from '../../shared/ui/PageParts';
import { AdminGate } from '../../shared/auth/AdminGate';
import { ApplicationsPanel } from './ApplicationsPanel';
import { useAdminLive } from './useAdminLive';

function SellerApprovals() {
  useAdminLive();
  const [status, setStatus] = useState<SellerApplicationStatus | ''>('');
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q.trim(), 250);
  return (
    <PageFrame back={{ to: '/admin', label: '관리자 패널' }}>
      <Stack gap="4">
        <Heading as="h1" size="xl">셀러 승인</Heading>
        <HStack gap="2" flexWrap="wrap">
          <Input maxW="sm" value={q} onChange={(e) => setQ(e.currentTarget.value)} placeholder="스토어명 또는 신청자 이름 검색" aria-label="검색" />
          <NativeSelect.Root width="36">
            <NativeSelect.Field aria-label="상태" value={status} onChange={(e) => setStatus(e.currentTarget.value as SellerApplicationStatus | '')}>
              <option value="">전체 상태</option>
              {SELLER_APPLICATION_STATUSES.map((s) => <option key={s} value={s}>{SELLER_APPLICATION_STATUS_LABELS[s]}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <ApplicationsPanel filter={{ ...(status ? { status } : {}), ...(query ? { q: query } : {}) }} quickDecisions />
      </Stack>
    </PageFrame>
  );
}

/** /admin/sellers: every application with approve/reject (each asks for a note), filter by status, search. */
export default function AdminSellersPage() {
  useDocumentTitle('셀러 승인');
  return <AdminGate><SellerApprovals /></AdminGate>;
}
