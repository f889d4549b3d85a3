import { Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { MAX_ADD_ONS } from '@phonemarket/contracts';

/** One 부가서비스 as typed: strings until the caller turns them into figures. */
export interface AddOnDraft { name: string; monthlyFee: string; months: string }

/**
 * Issue 40: 부가서비스 as rows of name · 월 요금 · 유지 개월 (at most MAX_ADD_ONS), typed the same way where a
 * seller lists its conditions and where a buyer checks an offer's in the calculator.
 */
export function AddOnRows({ value, onChange, newRow, addTestId, rowTestId }: {
  value: readonly AddOnDraft[];
  onChange: (next: AddOnDraft[]) => void;
  /** What 추가 puts in a new row (e.g. a usual 3 months). */
  newRow: AddOnDraft;
  addTestId: string;
  rowTestId?: string;
}) {
  const setRow = (i: number, patch: Partial<AddOnDraft>) => onChange(value.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <Stack gap="2">
      <Flex justify="space-between" align="center"><Text fontSize="sm" fontWeight="medium">부가서비스 (이름 · 월 요금 · 유지 개월)</Text>
        <Button size="xs" variant="outline" disabled={value.length >= MAX_ADD_ONS} data-testid={addTestId}
          onClick={() => onChange([...value, { ...newRow }])}>추가</Button>
      </Flex>
      {value.map((a, i) => (
        <Flex key={i} gap="2" wrap="wrap" data-testid={rowTestId}>
          <Input flexBasis={{ base: '100%', md: 'auto' }} flex={{ md: '2' }} aria-label={`부가서비스 ${i + 1} 이름`} placeholder="이름" value={a.name} onChange={(e) => setRow(i, { name: e.currentTarget.value })} />
          <Input flex="1" minW="24" aria-label={`부가서비스 ${i + 1} 월 요금`} type="number" placeholder="월 요금(원)" value={a.monthlyFee} onChange={(e) => setRow(i, { monthlyFee: e.currentTarget.value })} />
          <Input w="20" aria-label={`부가서비스 ${i + 1} 유지 개월`} type="number" placeholder="개월" value={a.months} onChange={(e) => setRow(i, { months: e.currentTarget.value })} />
          <Button size="sm" variant="ghost" aria-label={`부가서비스 ${i + 1} 삭제`} onClick={() => onChange(value.filter((_, j) => j !== i))}>삭제</Button>
        </Flex>
      ))}
    </Stack>
  );
}
