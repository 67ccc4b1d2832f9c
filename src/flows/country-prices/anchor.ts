/** The plans section's id: its anchor (/#planes, the menu, the not-found page's flags) and its lazy region. */
export const PRICING_ANCHOR = 'planes';
