import { MobileWelcome } from '../flows/mobile-slides/mobile-welcome';

/** /mobile/bienvenida (spec section 2): the Android app's welcome slides. */
export default function MobileWelcomePage() {
  return <MobileWelcome />;
}
