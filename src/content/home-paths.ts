/**
 * The home page's paths (spec section 2). Its own module because the head script reads it too
 * (src/boot/head.entry.ts): the referral strip keeps its room only on these pages.
 */
export const HOME_PATHS: readonly string[] = ['/', '/gastronomicos', '/gastronomicos.html'];
