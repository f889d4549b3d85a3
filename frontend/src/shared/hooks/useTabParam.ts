import { useSearchParams } from 'react-router-dom';

/**
 * A page's tabs kept in the address (`?tab=`, replaced, not pushed): a refresh opens the tab the user
 * was on, and a link (a notification's) opens the one it names; none or an unknown one opens `fallback`
 * (which leaves no `?tab=`). Other parameters are kept.
 */
export function useTabParam<T extends string>(tabs: readonly T[], fallback: T): { tab: T; setTab: (value: string) => void } {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((t) => t === params.get('tab')) ?? fallback;
  const setTab = (value: string) => setParams((p) => {
    const next = new URLSearchParams(p);
    if (value === fallback || !tabs.some((t) => t === value)) next.delete('tab');
    else next.set('tab', value);
    return next;
  }, { replace: true });
  return { tab, setTab };
}
