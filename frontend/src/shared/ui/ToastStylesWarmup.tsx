import { useEffect } from 'react';
import { chakra, createSlotRecipeContext, Stack, type HTMLChakraProps } from '@chakra-ui/react';

// The same slot recipe context as Chakra's toast parts (components/toast/toast.js): the same
// recipe, slots and style arguments, so the same memoised styles and the same emotion classes.
const { withProvider, withContext, useStyles } = createSlotRecipeContext({ key: 'toast' });
const Root = withProvider<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'root');
const Title = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'title');
const Description = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'description');

/** Chakra's `CheckCircleIcon` as `Toast.Indicator` renders it for a success toast (the welcome toast's). */
function Indicator() {
  const styles = useStyles();
  return <chakra.svg stroke="currentColor" fill="currentColor" strokeWidth="0" viewBox="0 0 24 24" css={[styles.indicator, undefined]} />;
}

/**
 * The styles of a toast as ToasterRegion renders it, computed and inserted before the first toast
 * (ADR 009, issue 37 part 5). Zag's toast machines render a new toast through `flushSync`, so the
 * first toast's render was one long task (the welcome toast: ~20–30 ms of CPU, ×4 on a phone), most
 * of it Chakra turning the toast recipe into CSS and emotion inserting the rules, which restyled the
 * page in the toast's forced layout. Rendered hidden (`display: none`: no style, no layout) in a
 * transition, so that work is done in React's interruptible slices; `onDone` runs once it is committed
 * (the region then mounts the toasts' group, in a task of its own). Chakra's `css()` and emotion keep
 * what they computed, so the toast itself reuses it.
 */
export function ToastStylesWarmup({ onDone }: { onDone: () => void }) {
  useEffect(onDone, [onDone]);
  return (
    <div hidden aria-hidden="true">
      <Root width={{ md: 'sm' }}>
        <Indicator />
        <Stack gap="1" flex="1" maxWidth="100%">
          <Title />
          <Description />
        </Stack>
      </Root>
    </div>
  );
}
