/**
 * Business constants and limits of spec section 9, as named values.
 * Durations are in milliseconds unless the name says otherwise.
 */

export const DEFAULT_COUNTRY_CODE = 'AR' as const;

// Referral and banner
export const REFERRAL_DISCOUNT_PERCENT = 25;
export const REFERRAL_BANNER_SHOW_DELAY_MS = 500;
export const REFERRAL_BANNER_HIDE_DELAY_MS = 12000;
export const REFERRAL_CODE_MAX_LENGTH = 32;

// Regional approximate price = round(usd x rate x REGIONAL_PRICE_FACTOR)
export const REGIONAL_PRICE_FACTOR = 1.02;

// Payment page
export const PAYMENT_CURRENCY = 'USD' as const;
export const PAYMENT_DEFAULT_LOCALE = 'es_CL' as const;
export const PAYMENT_DEFAULT_PRICE_PER_STORE_USD = 12;
/** The payment SDK (script and buttons) not ready after this long counts as failed to load. */
export const PAYMENT_SDK_LOAD_TIMEOUT_MS = 20000;

// Conversion values on the welcome page (USD)
export const CONVERSION_VALUE_PRO_USD = 12;
export const CONVERSION_VALUE_PREMIUM_USD = 36;
export const CONVERSION_CURRENCY = 'USD' as const;

// Guarantees and terms
export const REFUND_GUARANTEE_HOURS = 24;
export const FREE_TRIAL_DAYS = 30;
export const ACCOUNT_DELETION_BUSINESS_DAYS = 7;
export const LINK_APPROVAL_WAIT_WEEKS = { min: 2, max: 3 } as const;

// Timing
export const WELCOME_REDIRECT_DELAY_MS = 2000;
export const TESTIMONIAL_AUTOPLAY_MS = 7000;
export const FEATURE_CAROUSEL_AUTOPLAY_MS = 3500;
export const CAROUSEL_DEFAULT_AUTOPLAY_MS = 5000;

// Carousel items per view, by viewport width range in px [min, max]
export const LANDING_CAROUSEL_RESPONSIVE = {
  desktop: { min: 1024, max: 3000, items: 4 },
  tablet: { min: 464, max: 1024, items: 2 },
  mobile: { min: 0, max: 464, items: 1 },
} as const;
export const TESTIMONIALS_PER_VIEW = { mobile: 1, tablet: 2, desktop: 3 } as const;

// Layout
/** Mobile is a viewport of this width or less. */
export const MOBILE_MAX_WIDTH_PX = 768;
/** Phones this short or shorter drop secondary text on full-height screens (the app welcome). */
export const SHORT_SCREEN_MAX_HEIGHT_PX = 680;
/** Phones this short or shorter drop it too while the app welcome's cookie notice takes its room. */
export const SHORT_SCREEN_WITH_NOTICE_MAX_HEIGHT_PX = 820;
export const BREAKPOINTS_PX = { xs: 0, sm: 576, md: 768, lg: 1025, xl: 1200 } as const;

// Presentation defaults
export const SMOOTH_SCROLL_MS = 1500;
export const NOTIFICATION_DISPLAY_MS = 10000;
export const COOKIE_LIFETIME_DAYS = 365;
export const GRID_TRANSITION_S = 0.45;
export const NO_MORE_POSTS_FADE_MS = 3000;
export const BOT_CHECK_SIZE = 'invisible' as const;

// Storage keys
export const COOKIE_NOTICE_KEY = 'cookie_notice_ack';
export const COUNTRY_COOKIE = 'cc';
export const REFERRAL_STORAGE_KEY = 'ref';
export const ATTRIBUTION_STORAGE_KEY = 'ndb_attribution';
export const PROMOTION_CAMPAIGN_VALUE = 'pe';

// Blog grid
/** Posts shown at first and added by each 'Ver más artículos' (four posts make two pages). */
export const BLOG_PAGE_SIZE = 2;
