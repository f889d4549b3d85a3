import { SimpleGrid, Stat } from '@chakra-ui/react';

/** A row of figures (label, value already formatted): two per row on a phone, four from md up. */
export function StatGrid({ figures, testId }: { figures: readonly (readonly [label: string, value: string])[]; testId?: string }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid={testId}>
      {figures.map(([label, value]) => (
        <Stat.Root key={label} borderWidth="1px" rounded="md" p="3">
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
