import { Menu } from 'lucide-react';

/** The menu button's icon, drawn into the prerendered HTML only (header.tsx). */
export function MenuIcon() {
  return <Menu size={24} aria-hidden="true" />;
}
