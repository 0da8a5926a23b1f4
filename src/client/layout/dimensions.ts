/** Heights of the top bar's two rows; the side menu's header matches them so the lines align. */
export const TOP_ROW_HEIGHT = 56;
export const CRUMB_ROW_HEIGHT = 32;
export const TOP_BAR_HEIGHT = TOP_ROW_HEIGHT + CRUMB_ROW_HEIGHT;
