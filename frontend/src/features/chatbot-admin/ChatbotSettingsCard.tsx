import { useState } from 'react';
import { Alert, Box, Button, Card, Flex, Heading, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CHATBOT_FIELD_LABELS, chatbotSettingsSchema, type ChatbotSettings } from '@phonemarket/contracts/chatbotAdmin.ts';
import { describeError } from '../../shared/api/errors';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatDateTime } from '../../shared/format';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import { useChatbotSettings, useChatbotSettingsHistory, useSaveChatbotSettings } from './api/chatbotSettings';

const FIELDS = ['matchThreshold', 'replyDelayMinMs', 'replyDelayMaxMs', 'handoffWaitSeconds'] as const;
const HELP: Record<(typeof FIELDS)[number], string> = {
  matchThreshold: '질문과 가장 잘 맞는 지식 항목의 점수가 이보다 낮으면 답하지 않고 상담원 연결을 권합니다 (0.5–5, 기본 1).',
  replyDelayMinMs: '답변은 최소·최대 사이의 임의 시간 뒤에 보입니다 (1,000–2,000밀리초, 1초 = 1,000밀리초).',
  replyDelayMaxMs: '최소 지연 시간보다 짧을 수 없습니다 (1,000–2,000밀리초).',
  handoffWaitSeconds: '상담원 연결을 요청한 뒤 이 시간이 지나도 연결되지 않으면 대기 안내와 1:1 문의를 보여줍니다 (1–300초).',
};
/** A number input's value for the schema: '' stays '' (the schema then says what is wrong). */
const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? '' : Number(v));

function SettingsForm({ settings }: { settings: ChatbotSettings }) {
  const save = useSaveChatbotSettings();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChatbotSettings>({ resolver: zodResolver(chatbotSettingsSchema), defaultValues: settings });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    save.mutate(values, {
      onSuccess: (answer) => {
        form.reset(values);
        const changed = (answer as { changed?: boolean }).changed !== false;
        toaster.success({ title: changed ? '챗봇 설정을 저장했습니다' : '바뀐 내용이 없습니다', description: changed ? '위젯과 답변 검색에 바로 적용됩니다.' : undefined });
      },
      onError: (err) => {
        if (applyServerErrors(err, form.setError, FIELDS).length === 0) setError(describeError(err));
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="챗봇 설정" data-testid="chatbot-settings-form">
      <Stack gap="4">
        {error ? (
          <Alert.Root status="error" rounded="md"><Alert.Indicator /><Alert.Content><Alert.Description>{error}</Alert.Description></Alert.Content></Alert.Root>
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {FIELDS.map((name) => (
            <Box key={name} gridColumn={name === 'matchThreshold' || name === 'handoffWaitSeconds' ? { sm: 'span 2' } : undefined}>
              <FormField label={CHATBOT_FIELD_LABELS[name]} required error={errors[name]} helper={HELP[name]}>
                <Input
                  data-testid={`chatbot-${name}`} type="number" inputMode={name === 'matchThreshold' ? 'decimal' : 'numeric'}
                  step={name === 'matchThreshold' ? 0.1 : name === 'handoffWaitSeconds' ? 1 : 100}
                  {...form.register(name, { setValueAs: asNumber })}
                />
              </FormField>
            </Box>
          ))}
        </SimpleGrid>
        <Flex justify="flex-end" gap="3" align="center">
          {form.formState.isDirty ? <Text fontSize="sm" color="fg.muted">저장하지 않은 변경 사항이 있습니다</Text> : null}
          <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText="저장 중" disabled={!form.formState.isDirty} data-testid="chatbot-settings-save">저장</Button>
        </Flex>
      </Stack>
    </form>
  );
}

const valueText = (value: string | number | boolean | null) =>
  value === null ? '-' : typeof value === 'number' ? value.toLocaleString('ko-KR') : String(value);

function SettingsHistory() {
  const history = useChatbotSettingsHistory();
  if (history.isPending) return <Skeleton h="10" />;
  if (history.isError) return <InlineLoadError error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.length === 0) return <Text fontSize="sm" color="fg.muted">아직 바꾼 적이 없습니다. 기본값을 사용하고 있습니다.</Text>;
  return (
    <Stack as="ol" gap="2" listStyleType="none" ps="0">
      {history.data.slice(0, 5).map((entry) => (
        <Box as="li" key={`${entry.at}-${entry.changes.length}`} fontSize="sm" data-testid="chatbot-settings-history-item">
          <Text color="fg.muted">{formatDateTime(entry.at)} · {entry.actor.name ?? entry.actor.userId ?? '시스템'}</Text>
          {entry.changes.map((c) => (
            <Text key={c.field}>
              {Object.hasOwn(CHATBOT_FIELD_LABELS, c.field) ? CHATBOT_FIELD_LABELS[c.field as keyof ChatbotSettings] : c.field}: {valueText(c.from)} → <strong>{valueText(c.to)}</strong>
            </Text>
          ))}
        </Box>
      ))}
    </Stack>
  );
}

/** 챗봇 설정: the matcher's threshold, the reply delay, the handoff wait — saved as the site settings' chatbot section, with its history. */
export function ChatbotSettingsCard() {
  const settings = useChatbotSettings();
  return (
    <Card.Root as="section" aria-labelledby="chatbot-settings-title">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Heading as="h2" id="chatbot-settings-title" size="md">챗봇 설정</Heading>
        {settings.isPending ? <Stack gap="3">{[0, 1, 2].map((i) => <Skeleton key={i} h="12" />)}</Stack>
          : settings.isError ? <InlineLoadError error={settings.error} onRetry={() => void settings.refetch()} />
            : <SettingsForm settings={settings.data} />}
        <Heading as="h3" size="sm" mt="2">변경 기록</Heading>
        <SettingsHistory />
      </Card.Body>
    </Card.Root>
  );
}
