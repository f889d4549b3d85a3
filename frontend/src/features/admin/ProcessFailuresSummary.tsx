import { Alert, Link, Skeleton } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useOpenProcessFailureCount } from './api/processFailures';

/**
 * The admin panel's 처리 실패 N건 (issue 36): how much work the process runner gave up on and nobody
 * finished yet, live (the panel refetches it on every push), with the way to `/admin/processes`.
 */
export function ProcessFailuresSummary() {
  const open = useOpenProcessFailureCount();
  if (open.isPending) return <Skeleton h="12" mb="4" />;
  // Not readable now: the panel still works; the list page says why.
  const count = open.data ?? null;
  const failing = count !== null && count > 0;
  return (
    <Alert.Root status={failing ? 'error' : count === null ? 'warning' : 'success'} variant="subtle" mb="4" data-testid="process-failures-summary">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title data-testid="process-failures-count">
          {count === null ? '처리 실패 건수를 불러오지 못했습니다' : failing ? `처리 실패 ${count}건` : '처리 실패 0건'}
        </Alert.Title>
        <Alert.Description>
          {failing ? '자동 처리 중 끝나지 않은 작업이 있습니다. 원인을 확인하고 재시도해 주세요. ' : '자동 처리 작업이 모두 정상입니다. '}
          <Link asChild color="brand.fg" fontWeight="semibold"><RouterLink to="/admin/processes">처리 실패 작업 보기</RouterLink></Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
