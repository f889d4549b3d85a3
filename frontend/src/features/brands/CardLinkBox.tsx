import { LinkBox, type LinkBoxProps } from '@chakra-ui/react';

/** A bordered panel card (`<article>`) for a brand or a model, lifted on hover; put a `LinkOverlay` inside. */
export function CardLinkBox(props: LinkBoxProps) {
  return (
    <LinkBox
      as="article"
      display="flex"
      h="full"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      transition="box-shadow 0.15s, border-color 0.15s"
      _hover={{ shadow: 'md', borderColor: 'brand.border' }}
      _focusWithin={{ borderColor: 'brand.border' }}
      {...props}
    />
  );
}
