import '../../styles/forms.css';
import '../../styles/registration.css';
import { RegisterAgentPage } from '../../features/registration/components/register-agent-page';

// Lazy route module for /register-agent (and /register-agent/).
export function Component() {
  return <RegisterAgentPage />;
}
