import { useId, type ReactNode } from 'react';
import { Box, Button, chakra, EmptyState, Flex, Heading, Link, NativeSelect, SimpleGrid, Skeleton, Stack, Text, type SimpleGridProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { describeError } from '../api/errors';
import { useServerStatus } from '../ssr/server-response';
import { AlertIcon, PhoneIcon } from './icons';

/** Building blocks of the catalogue pages (brands, brand, category, product): frame, sort select, loading, empty, error and not-found states. */

/** The page's centred column, with an optional '← …' link back above the content. */
export function PageFrame({ back, children }: { back?: { to: string; label: string }; children: ReactNode }) {
  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '5', md: '8' }}>
      {back ? (
        <Link asChild color="fg.muted" fontSize="sm" mb="3" minH="6">
          <RouterLink to={back.to}>{`← ${back.label}`}</RouterLink>
        </Link>
      ) : null}
      {children}
    </Box>
  );
}

/** A small select labelled '정렬'; `onChange` gets the raw option value (parse it with the page's own guard). */
export function SortSelect<V extends string>({
  value,
  options,
  onChange,
  'data-testid': testId,
}: {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: string) => void;
  'data-testid': string;
}) {
  const id = useId();
  return (
    <Flex align="center" gap="2">
      <chakra.label htmlFor={id} fontSize="sm" color="fg.muted" whiteSpace="nowrap">
        정렬
      </chakra.label>
      <NativeSelect.Root size="sm" width="36">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Flex>
  );
}

/** A grid of card skeletons, announced to screen readers as `label`. */
export function GridSkeleton({ label, columns, count, height = '72' }: { label: string; columns: SimpleGridProps['columns']; count: number; height?: string }) {
  return (
    <SimpleGrid columns={columns} gap="4" role="status" aria-busy="true">
      <Box as="span" srOnly>
        {label}
      </Box>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} rounded="xl" />
      ))}
    </SimpleGrid>
  );
}

/** An empty list (no models, no products): phone icon, title, optional description and action. */
export function CatalogueEmptyState({ title, description, children, 'data-testid': testId }: { title: string; description?: string; children?: ReactNode; 'data-testid'?: string }) {
  return (
    <EmptyState.Root data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <PhoneIcon />
        </EmptyState.Indicator>
        {/* h2: it sits right under the page's h1 (Chakra's default h3 skips a level) */}
        <EmptyState.Title as="h2">{title}</EmptyState.Title>
        {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** The page's main content could not be loaded: h1, the error described, and a retry button. */
export function PageLoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Stack role="alert" gap="3" align="center" textAlign="center" py="12">
      <Heading as="h1" size="lg">
        {title}
      </Heading>
      <Text color="fg.muted">{describeError(error)}</Text>
      <Button colorPalette="brand" onClick={onRetry}>
        다시 시도
      </Button>
    </Stack>
  );
}

/** A part of the page could not be loaded: the error described and a small retry button. */
export function InlineLoadError({ error, onRetry, centered = false }: { error: unknown; onRetry: () => void; centered?: boolean }) {
  return (
    <Stack role="alert" gap="3" {...(centered ? { align: 'center', textAlign: 'center', py: '10' } : { align: 'start' })}>
      <Text color="fg.error">{describeError(error)}</Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        다시 시도
      </Button>
    </Stack>
  );
}

/** The page's subject does not exist (unknown brand, category or product): h1, explanation and a link on; the server answers 404. */
export function PageNotFound({
  title,
  description,
  link,
  'data-testid': testId,
}: {
  title: string;
  description: string;
  link: { to: string; label: string; icon?: ReactNode };
  'data-testid': string;
}) {
  const titleId = useId();
  useServerStatus(404);
  return (
    <Stack as="section" gap="4" align="center" textAlign="center" py={{ base: '12', md: '20' }} aria-labelledby={titleId} data-testid={testId}>
      <Box color="fg.muted" aria-hidden="true">
        <AlertIcon boxSize="10" />
      </Box>
      <Heading as="h1" id={titleId} size={{ base: 'xl', md: '2xl' }}>
        {title}
      </Heading>
      <Text color="fg.muted">{description}</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to={link.to}>
          {link.icon}
          {link.label}
        </RouterLink>
      </Button>
    </Stack>
  );
}
