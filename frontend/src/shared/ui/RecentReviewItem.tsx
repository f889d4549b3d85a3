import { Box, chakra, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { RecentReview } from '@phonemarket/contracts';
import { formatDate } from '../format';

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

/** A review in a list across phones (기기 리뷰, a store's reviews): its phone (linking to the phone's reviews), stars, masked author, date, option, text, photos and answer. */
export function RecentReviewItem({ r }: { r: RecentReview }) {
  return (
    <Box as="li" py="4" borderBottomWidth="1px" borderColor="border" data-testid="recent-review">
      <Link asChild fontWeight="semibold" color="fg" textDecoration="underline" textUnderlineOffset="3px">
        <RouterLink to={`/product/${encodeURIComponent(r.productId)}?tab=reviews`}>{r.modelName || '판매가 끝난 기종'}</RouterLink>
      </Link>
      <HStack gap="2" mt="1" fontSize="sm" wrap="wrap">
        <Text color="yellow.500" role="img" aria-label={`별점 ${r.rating}점`}>{stars(r.rating)}</Text>
        <Text fontWeight="medium">{r.author}</Text>
        <Text color="fg.muted"><chakra.time dateTime={r.createdAt}>{formatDate(r.createdAt)}</chakra.time></Text>
      </HStack>
      {r.option ? <Text fontSize="xs" color="fg.muted" mt="1">{r.option}</Text> : null}
      <Text mt="2" whiteSpace="pre-wrap" wordBreak="break-word">{r.content}</Text>
      {r.photos.length ? (
        <HStack mt="2" gap="2" wrap="wrap">
          {r.photos.map((src, i) => <chakra.img key={src} src={src} alt={`리뷰 사진 ${i + 1}`} w="16" h="16" objectFit="cover" rounded="md" loading="lazy" />)}
        </HStack>
      ) : null}
      {r.answer ? (
        <Box mt="3" bg="bg.muted" rounded="md" p="3" fontSize="sm">
          <Text fontWeight="medium">{r.answer.by} 답변 · <chakra.span color="fg.muted" fontWeight="normal">{formatDate(r.answer.at)}</chakra.span></Text>
          <Text mt="1" whiteSpace="pre-wrap" wordBreak="break-word">{r.answer.content}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
