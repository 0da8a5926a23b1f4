/**
 * The look of a row of tabs that may not fit the width it is given (the admin panel's seven, a
 * dashboard's on a phone): the tabs wrap onto a second row instead of scrolling sideways, so none
 * of them ends past the window's edge. The sliding indicator only works in one row, so the
 * selected tab is underlined on its own instead.
 */
export const WRAPPING_TABS_SX = {
  '& .MuiTabs-list': { flexWrap: 'wrap' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root.Mui-selected': { boxShadow: 'inset 0 -2px 0 currentColor' },
} as const;
