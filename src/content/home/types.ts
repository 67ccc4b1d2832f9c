/** Shapes of the home page copy. Icons are names mapped to icon components by the view. */

export type IconName =
  | 'cart'
  | 'whatsapp'
  | 'qr'
  | 'printer'
  | 'spreadsheet'
  | 'chart'
  | 'status'
  | 'coupon'
  | 'replies'
  | 'tables'
  | 'location'
  | 'truck'
  | 'lock'
  | 'tags'
  | 'users'
  | 'globe'
  | 'card'
  | 'percent'
  | 'clock'
  | 'shield'
  | 'store'
  | 'smartphone';

/** The icons of the four highlights (kept apart: they load with the first screen). */
export type HighlightIcon = 'percent' | 'whatsapp' | 'clock' | 'shield';

export interface Highlight {
  icon: HighlightIcon;
  titulo: string;
  detalle: string;
}

/** Feature item of spec section 3: imgUrl is an icon here; visible false hides it. */
export interface Benefit {
  id: string;
  icon: IconName;
  titulo: string;
  detalle: string;
  visible: boolean;
  /** Shown only when the active country is Argentina (the payment-provider item). */
  soloArgentina?: boolean;
  /** Premium items carry a star. */
  premium?: boolean;
}

/** Testimonial of spec section 3. */
export interface Testimonial {
  texto: string;
  nombre: string;
  empresa: string;
}

/** Discover item of spec section 3. */
export interface DiscoverItem {
  imagen: string;
  titulo: string;
  detalle: string;
}

export interface ShowcaseItem {
  id: string;
  rubro: string;
  detalle: string;
  imagen: string;
  alt: string;
}

export interface FaqItem {
  id: string;
  pregunta: string;
  respuesta: string;
  soloArgentina?: boolean;
}

/** Image served from public/ with its intrinsic size, so the browser reserves its box. */
export interface SizedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}
