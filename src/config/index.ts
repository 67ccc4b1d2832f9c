import { loadConfig, NO_VIDEO, type Env, type SiteConfig } from './load';

export { CONFIG_DEFAULTS, ENV_NAMES, loadConfig, type SiteConfig } from './load';

/**
 * The validated configuration. The site's build resolves it once (vite.config.ts defines
 * __SITE_CONFIG__), so pages ship the values, not the schema: the bundler drops ./load and zod
 * (a unit test builds it to check). Elsewhere (unit tests) it is read from the environment here.
 */
declare const __SITE_CONFIG__: SiteConfig | undefined;

export const config: SiteConfig =
  typeof __SITE_CONFIG__ === 'undefined' ? loadConfig(import.meta.env as unknown as Env) : __SITE_CONFIG__;

/** The hero's video embed URL; empty when the hero shows its illustration (unset, or `none`). */
export const heroVideoUrl: string = config.videoEmbedUrl === NO_VIDEO ? '' : config.videoEmbedUrl;

/** The WhatsApp chat link with a prefilled message. */
export function whatsappLink(message: string, number = config.chatNumber): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

declare const __CHAT_NUMBER_TEXT__: string | undefined;

/** The chat number as written for reading (src/config/chat-number-text.ts, applied by the build). */
export const chatNumberText: string =
  typeof __CHAT_NUMBER_TEXT__ === 'undefined' ? `+${config.chatNumber}` : __CHAT_NUMBER_TEXT__;
