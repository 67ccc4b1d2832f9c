import {
  BadgePercent,
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
import type { IconName } from '../../content/home/types';

const ICONS: Readonly<Record<IconName, LucideIcon>> = {
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
};

/** A decorative icon (hidden from assistive technology: the text next to it says it all). */
export function ContentIcon({ name, size = 28 }: { name: IconName; size?: number }) {
  const Icon = ICONS[name];
  return <Icon size={size} aria-hidden="true" focusable="false" strokeWidth={1.8} />;
}

export interface IconCardItem {
  icon: IconName;
  titulo: string;
  detalle: string;
}

/** A list of cards, each an icon in a badge, a title and a line (home highlights, white-label page). */
export function IconCardList({
  items,
  listClassName,
  itemClassName,
  badgeClassName,
}: {
  items: readonly IconCardItem[];
  listClassName: string;
  itemClassName: string;
  badgeClassName: string;
}) {
  return (
    <ul className={listClassName}>
      {items.map((item) => (
        <li key={item.titulo} className={itemClassName}>
          <span className={badgeClassName}>
            <ContentIcon name={item.icon} />
          </span>
          <h3>{item.titulo}</h3>
          <p>{item.detalle}</p>
        </li>
      ))}
    </ul>
  );
}
