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

export const laterSlotRecipes = {
  alert: alertSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
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
  radioGroup: radioGroupSlotRecipe,
  slider: sliderSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  timeline: timelineSlotRecipe,
  // the description at full strength: Chakra's 0.8 opacity drops white on a solid toast below 4.5:1
  toast: { ...toastSlotRecipe, base: { ...toastSlotRecipe.base, description: { ...toastSlotRecipe.base?.description, opacity: '1' } } },
};
