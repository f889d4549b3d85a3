import { Button, Card, DataList, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumber } from '../../shared/format';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { StatGrid } from '../../shared/ui/StatGrid';
import { imageStatsQueryOptions, useImageStats } from './api/imageStats';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { useLiveData } from '../../shared/live';

/** Chatbot tab: the knowledge base link and the chatbot admin (figures, settings). */
export function ChatbotPanel() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Card.Root>
        <Card.Header><Card.Title>지식 베이스</Card.Title></Card.Header>
        <Card.Body><Text color="fg.muted">챗봇이 답변에 사용하는 질문·답변을 관리합니다.</Text></Card.Body>
        <Card.Footer><Button asChild colorPalette="brand" size="sm"><RouterLink to="/admin-knowledge-base">지식 베이스 관리</RouterLink></Button></Card.Footer>
      </Card.Root>
      <Card.Root>
        <Card.Header><Card.Title>챗봇 설정</Card.Title></Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item><DataList.ItemLabel>모델</DataList.ItemLabel><DataList.ItemValue>지식 베이스 매칭</DataList.ItemValue></DataList.Item>
            <DataList.Item><DataList.ItemLabel>API 키</DataList.ItemLabel><DataList.ItemValue>서버에 보관됨</DataList.ItemValue></DataList.Item>
          </DataList.Root>
        </Card.Body>
        <Card.Footer><Button asChild colorPalette="brand" size="sm"><RouterLink to="/admin/chatbot">챗봇 관리 (지표·설정)</RouterLink></Button></Card.Footer>
      </Card.Root>
    </SimpleGrid>
  );
}

/** Image collection tab: the tools' links and four counters computed from the stored data (0 while there is none). */
export function ImageCollectionPanel() {
  const stats = useImageStats();
  // 활성 채널 and the others follow a channel's or a batch's change without a reload (issue 39).
  useLiveData({ events: [SOCKET_EVENTS.imageCollectionChanged], queryKeys: [imageStatsQueryOptions().queryKey] });
  const boxes = [
    ['오늘 수집', stats.data?.collectedToday],
    ['검토 대기', stats.data?.awaitingReview],
    ['승인 완료', stats.data?.approved],
    ['활성 채널', stats.data?.activeChannels],
  ] as const;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Button asChild variant="outline"><RouterLink to="/admin-image-collection">이미지 수집 관리</RouterLink></Button>
        <Button asChild variant="outline"><RouterLink to="/admin-selling-policies">판매 정책 관리</RouterLink></Button>
      </SimpleGrid>
      {stats.isError ? <InlineLoadError error={stats.error} onRetry={() => void stats.refetch()} /> : (
        <StatGrid figures={boxes.map(([label, value]) => [label, value === undefined ? '–' : formatNumber(value)] as const)} testId="image-stats" />
      )}
    </Stack>
  );
}
