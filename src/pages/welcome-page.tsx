import { Welcome } from '../flows/welcome/welcome';

/** /bienvenido (spec section 2): the welcome flow. */
export default function WelcomePage() {
  return <Welcome />;
}
