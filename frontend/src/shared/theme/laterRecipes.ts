import {
  alertSlotRecipe, breadcrumbSlotRecipe, cardSlotRecipe, checkboxSlotRecipe, codeRecipe,
  collapsibleSlotRecipe, dataListSlotRecipe, dialogSlotRecipe, emptyStateSlotRecipe, fieldSlotRecipe, fieldsetSlotRecipe,
  inputAddonRecipe, listSlotRecipe, menuSlotRecipe, nativeSelectSlotRecipe, progressSlotRecipe, radioGroupSlotRecipe,
  separatorRecipe, sliderSlotRecipe, statSlotRecipe, switchSlotRecipe, tableSlotRecipe, tabsSlotRecipe,
  textareaRecipe, timelineSlotRecipe, toastSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * The recipes of the components that no first screen renders (the home page's and the app shell's:
 * system.test.ts checks it): registered when the first page or lazy part that may render them
 * loads (`withLaterRecipes` in system.ts), so they are not part of the first screen's scripts (ADR 009).
 */
export const laterRecipes = {
  code: codeRecipe,
  inputAddon: inputAddonRecipe,
  separator: separatorRecipe,
  textarea: textareaRecipe,
};

/**
 * WCAG 2.2's minimum target size (2.5.8): what a finger taps is at least 24 × 24 px. A checkbox's or
 * radio's label row is its target (the input itself is hidden), 20 px high at Chakra's md size; a
 * breadcrumb's link is its word ('홈': 11 × 16 px). Padding-free: only a minimum box, text centred in it.
 */
const TAP_TARGET = { minHeight: '6' } as const;

export const laterSlotRecipes = {
  alert: alertSlotRecipe,
  breadcrumb: {
    ...breadcrumbSlotRecipe,
    base: { ...breadcrumbSlotRecipe.base, link: { ...breadcrumbSlotRecipe.base?.link, ...TAP_TARGET, minWidth: '6', justifyContent: 'center' } },
  },
  card: cardSlotRecipe,
  checkbox: { ...checkboxSlotRecipe, base: { ...checkboxSlotRecipe.base, root: { ...checkboxSlotRecipe.base?.root, ...TAP_TARGET } } },
  collapsible: collapsibleSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: { ...radioGroupSlotRecipe, base: { ...radioGroupSlotRecipe.base, item: { ...radioGroupSlotRecipe.base?.item, ...TAP_TARGET } } },
  slider: sliderSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  timeline: timelineSlotRecipe,
  // the description at full strength: Chakra's 0.8 opacity drops white on a solid toast below 4.5:1
  toast: { ...toastSlotRecipe, base: { ...toastSlotRecipe.base, description: { ...toastSlotRecipe.base?.description, opacity: '1' } } },
};
