/** Wizard choices of spec section 3 with their Spanish labels. */

export const SITUATIONS = [
  'aun_no_comienza',
  'buscar_mas_clientes',
  'facilitar_gestion',
  'mejorar_recepcion_pedidos',
  'otros',
] as const;
export type Situation = (typeof SITUATIONS)[number];

export const SITUATION_LABELS: Readonly<Record<Situation, string>> = {
  aun_no_comienza: 'Todavía no empecé a vender',
  buscar_mas_clientes: 'Quiero conseguir más clientes',
  facilitar_gestion: 'Quiero simplificar la gestión de mi negocio',
  mejorar_recepcion_pedidos: 'Quiero recibir los pedidos de forma más ordenada',
  otros: 'Otra situación',
};

export const CATEGORIES = ['gastronomico', 'almacen_minimercados', 'productos'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Readonly<Record<Category, string>> = {
  gastronomico: 'Gastronomía',
  almacen_minimercados: 'Almacén y minimercados',
  productos: 'Venta de productos',
};

export const SECTORS_BY_CATEGORY = {
  gastronomico: ['comida_rapida', 'pizzeria', 'casa_de_comidas', 'dietetica', 'heladeria', 'otros_comida'],
  almacen_minimercados: ['almacen', 'alimentos_por_peso', 'dietetica', 'otros_almacen'],
  productos: [
    'petshops',
    'cuidado_personal',
    'tecnologia',
    'indumentaria',
    'calzados',
    'otros_productos',
    'dietetica',
  ],
} as const satisfies Record<Category, readonly string[]>;

export type Sector = (typeof SECTORS_BY_CATEGORY)[Category][number];

export const SECTORS: readonly Sector[] = [...new Set(Object.values(SECTORS_BY_CATEGORY).flat())];

export const SECTOR_LABELS: Readonly<Record<Sector, string>> = {
  comida_rapida: 'Comida rápida',
  pizzeria: 'Pizzería',
  casa_de_comidas: 'Casa de comidas',
  dietetica: 'Dietética',
  heladeria: 'Heladería',
  otros_comida: 'Otro tipo de comida',
  almacen: 'Almacén',
  alimentos_por_peso: 'Alimentos por peso',
  otros_almacen: 'Otro tipo de almacén',
  petshops: 'Pet shop',
  cuidado_personal: 'Cuidado personal y cosmética',
  tecnologia: 'Tecnología',
  indumentaria: 'Indumentaria',
  calzados: 'Calzado',
  otros_productos: 'Otros productos',
};

export function isSituation(v: unknown): v is Situation {
  return typeof v === 'string' && (SITUATIONS as readonly string[]).includes(v);
}
export function isCategory(v: unknown): v is Category {
  return typeof v === 'string' && (CATEGORIES as readonly string[]).includes(v);
}
/** Whether a sector belongs to a category (the pairing the API also enforces). */
export function isSectorOf(category: Category, sector: unknown): sector is Sector {
  return typeof sector === 'string' && (SECTORS_BY_CATEGORY[category] as readonly string[]).includes(sector);
}
