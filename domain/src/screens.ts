// What the spec fixes about the screens themselves (section 9): the search box's size and the
// delays before focusing it and refreshing the admin's list.

export const SEARCH_BOX = { defaultHeightPx: 80, rows: 1, maxWidthPx: 584, focusDelayMs: 100 } as const;
export const ADMIN_REFRESH_DELAY_MS = 100;
