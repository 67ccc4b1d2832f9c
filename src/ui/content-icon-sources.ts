import {
  BadgePercent,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Pause,
  Play,
  Star,
  ChartColumn,
  Clock,
  CreditCard,
  FileSpreadsheet,
  Globe,
  ListChecks,
  Lock,
  MapPin,
  MessageCircle,
  MessageSquareReply,
  Printer,
  QrCode,
  ShieldCheck,
  ShoppingCart,
  Smartphone,
  Store,
  Tags,
  TicketPercent,
  Truck,
  Users,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../content/home/types';

/** The controls' icons (carousels, the benefits' toggle, the premium star), from the same sprite. */
export type ControlIconName = 'chevron-left' | 'chevron-right' | 'chevron-down' | 'pause' | 'play' | 'star';

export type SpriteIconName = IconName | ControlIconName;

/**
 * The Lucide icon drawn for each content icon name. Read only when the sprite is made
 * (`npm run icons:sprite`), never by the pages: they reference the sprite's symbols by name.
 */
export const CONTENT_ICON_SOURCES: Readonly<Record<SpriteIconName, LucideIcon>> = {
  cart: ShoppingCart,
  whatsapp: MessageCircle,
  qr: QrCode,
  printer: Printer,
  spreadsheet: FileSpreadsheet,
  chart: ChartColumn,
  status: ListChecks,
  coupon: TicketPercent,
  replies: MessageSquareReply,
  tables: UtensilsCrossed,
  location: MapPin,
  truck: Truck,
  lock: Lock,
  tags: Tags,
  users: Users,
  globe: Globe,
  card: CreditCard,
  percent: BadgePercent,
  clock: Clock,
  shield: ShieldCheck,
  store: Store,
  smartphone: Smartphone,
  'chevron-left': ChevronLeft,
  'chevron-right': ChevronRight,
  'chevron-down': ChevronDown,
  pause: Pause,
  play: Play,
  star: Star,
};
