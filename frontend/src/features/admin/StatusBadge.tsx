import { Badge } from '@chakra-ui/react';

const PALETTE: Record<string, string> = {
  pending: 'yellow', reviewing: 'blue', approved: 'green', rejected: 'red', suspended: 'red', active: 'green',
};

/** A status with the server's Korean label (unknown statuses are shown raw). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <Badge colorPalette={PALETTE[status] ?? 'gray'} variant="subtle">{label ?? status}</Badge>;
}
