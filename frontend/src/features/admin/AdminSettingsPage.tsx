import { useState } from 'react';
import { Badge, Box, Button, Card, Grid, Heading, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@phonemarket/contracts';
import {
  SETTINGS_SECTIONS, SETTINGS_SECTION_LABELS, SMTP_SECURITY_LABELS, settingsFieldLabel,
  type SettingsChange, type SettingsHistoryEntry, type SettingsSection, type SmtpSecurity,
} from '@phonemarket/contracts/settings.ts';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { AdminGate } from '../../shared/auth/AdminGate';
import { useAdminSettings, useSettingsHistory } from './api/settings';
import { EmailForm, NotificationsForm, PaymentForm, SecurityForm, SiteForm } from './SettingsForms';

/** How a changed value reads: on/off, 원 for the card limit, the TLS mode's name, '(없음)' for an empty text. */
function valueText(section: SettingsSection, field: string, value: SettingsChange['from']): string {
  if (value === null) return '(없음)';
  if (typeof value === 'boolean') return value ? '사용' : '사용 안 함';
  if (typeof value === 'number') return field === 'cardLimit' ? formatWon(value) : value.toLocaleString('ko-KR');
  if (value === '') return '(없음)';
  if (section === 'email' && field === 'security' && value in SMTP_SECURITY_LABELS) return SMTP_SECURITY_LABELS[value as SmtpSecurity];
  if (field.startsWith('methods.') && value in PAYMENT_METHOD_LABELS) return PAYMENT_METHOD_LABELS[value as PaymentMethod];
  return value;
}

const HISTORY_SHOWN = 10;

/** Who changed what, from what to what: newest first. */
function SettingsHistory() {
  const history = useSettingsHistory();
  const [all, setAll] = useState(false);
  if (history.isPending) return <Stack gap="2">{[0, 1, 2].map((i) => <Skeleton key={i} h="12" />)}</Stack>;
  if (history.isError) return <InlineLoadError error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.length === 0) return <Text color="fg.muted" fontSize="sm" data-testid="settings-history-empty">아직 변경 기록이 없습니다. 설정을 저장하면 여기에 남습니다.</Text>;
  const shown: SettingsHistoryEntry[] = all ? history.data : history.data.slice(0, HISTORY_SHOWN);
  return (
    <Stack gap="3">
      <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" data-testid="settings-history">
        {shown.map((entry, i) => (
          <Box as="li" key={`${entry.at}-${i}`} borderWidth="1px" rounded="md" p="3" data-testid="settings-history-item">
            <Stack gap="1">
              <Box display="flex" gap="2" alignItems="center" flexWrap="wrap">
                <Badge colorPalette="brand" variant="subtle">{SETTINGS_SECTION_LABELS[entry.section]}</Badge>
                <Text fontSize="sm" fontWeight="semibold">{entry.actor.name ?? (entry.actor.userId ? entry.actor.userId : '시스템')}</Text>
                <Text fontSize="xs" color="fg.muted">{formatDateTime(entry.at)}</Text>
              </Box>
              <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0" fontSize="sm">
                {entry.changes.map((c) => (
                  <Box as="li" key={c.field} overflowWrap="anywhere">
                    <Text as="span" color="fg.muted">{settingsFieldLabel(entry.section, c.field)}: </Text>
                    {c.secret ? <Text as="span">변경됨 (값은 표시하지 않음)</Text> : (
                      <Text as="span">{valueText(entry.section, c.field, c.from)} → <Text as="strong">{valueText(entry.section, c.field, c.to)}</Text></Text>
                    )}
                  </Box>
                ))}
              </Stack>
            </Stack>
          </Box>
        ))}
      </Stack>
      {history.data.length > HISTORY_SHOWN ? (
        <Button size="sm" variant="ghost" onClick={() => setAll((v) => !v)}>{all ? '최근 기록만 보기' : `전체 기록 보기 (${history.data.length}건)`}</Button>
      ) : null}
    </Stack>
  );
}

function SiteSettings() {
  const settings = useAdminSettings();
  const [tab, setTab] = useState<SettingsSection>('site');
  return (
    <PageFrame back={{ to: '/admin', label: '관리자 패널' }}>
      <Stack gap="2" mb="6">
        <Heading as="h1" size="xl">사이트 설정</Heading>
        <Text color="fg.muted">사이트 정보, 보안, 이메일, 알림, 결제 설정입니다. 저장하면 바로 사이트에 적용되고 변경 기록에 남습니다.</Text>
      </Stack>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
        <Card.Root>
          <Card.Body p={{ base: '4', md: '6' }}>
            {settings.isPending ? <Stack gap="3">{[0, 1, 2, 3].map((i) => <Skeleton key={i} h="14" />)}</Stack>
              : settings.isError ? <InlineLoadError error={settings.error} onRetry={() => void settings.refetch()} />
                : (
                  <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as SettingsSection)} variant="line" lazyMount>
                    <Tabs.List overflowX="auto" overflowY="hidden" mb="5" css={{ '& [role=tab]': { whiteSpace: 'nowrap', flexShrink: 0 } }}>
                      {SETTINGS_SECTIONS.map((s) => <Tabs.Trigger key={s} value={s} data-testid={`settings-tab-${s}`}>{SETTINGS_SECTION_LABELS[s]}</Tabs.Trigger>)}
                    </Tabs.List>
                    <Tabs.Content value="site"><SiteForm settings={settings.data.site} /></Tabs.Content>
                    <Tabs.Content value="security"><SecurityForm settings={settings.data.security} /></Tabs.Content>
                    <Tabs.Content value="email"><EmailForm settings={settings.data.email} /></Tabs.Content>
                    <Tabs.Content value="notifications"><NotificationsForm settings={settings.data.notifications} emailEnabled={settings.data.email.enabled} /></Tabs.Content>
                    <Tabs.Content value="payment"><PaymentForm settings={settings.data.payment} /></Tabs.Content>
                    <Tabs.Content value="chatbot">
                      <Stack gap="3" align="flex-start">
                        <Text color="fg.muted" fontSize="sm">답변 기준 점수, 답변 지연, 상담원 연결 대기 시간은 챗봇 관리에서 지표와 함께 설정합니다. 저장 기록은 이 페이지의 변경 기록에도 남습니다.</Text>
                        <Button asChild size="sm" colorPalette="brand"><RouterLink to="/admin/chatbot">챗봇 관리로 이동</RouterLink></Button>
                      </Stack>
                    </Tabs.Content>
                  </Tabs.Root>
                )}
          </Card.Body>
        </Card.Root>
        <Card.Root as="section" aria-labelledby="settings-history-title">
          <Card.Body p={{ base: '4', md: '5' }}>
            <Heading as="h2" id="settings-history-title" size="md" mb="4">변경 기록</Heading>
            <SettingsHistory />
          </Card.Body>
        </Card.Root>
      </Grid>
    </PageFrame>
  );
}

/** /admin/settings (spec: site info, security, email, notification and payment forms; issue 29: saved for real, each with its history); admins only. */
export default function AdminSettingsPage() {
  useDocumentTitle('사이트 설정');
  return <AdminGate><SiteSettings /></AdminGate>;
}
