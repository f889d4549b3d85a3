import { Button, HStack } from '@chakra-ui/react';

/** 1–5 stars as a radio group (a review's 별점; a shop review's 친절, 개통 속도, 조건 준수). */
export function StarRadios({ label, value, onChange }: { label: string; value: number; onChange: (n: number) => void }) {
  return (
    <HStack role="radiogroup" aria-label={label} gap="1">
      {[1, 2, 3, 4, 5].map((n) => (
        <Button key={n} type="button" size="sm" variant={value >= n ? 'solid' : 'outline'} colorPalette="yellow"
          role="radio" aria-checked={value === n} aria-label={`${label} ${n}점`} onClick={() => onChange(n)}>★</Button>
      ))}
    </HStack>
  );
}
