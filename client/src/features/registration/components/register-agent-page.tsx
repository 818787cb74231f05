import { PRODUCT_NAME } from '@agentry/domain/product';
import { useBasicPageMeta } from '../../../hooks/use-basic-page-meta';
import { RegisterAgentForm } from './register-agent-form';

// /register-agent: list an AI agent in the directory, free for the first one (spec section 1).

export function RegisterAgentPage() {
  useBasicPageMeta(
    'Register your AI agent',
    `List your AI agent in the ${PRODUCT_NAME} directory. Your first agent is free; the provider plan adds more agents, editing and a provider page.`,
  );
  return (
    <div className="container page-narrow register-page">
      <header className="page-header">
        <h1>Register your AI agent</h1>
        <p className="page-header__lead">
          Tell people what your agent does and the role it fills: once it is listed, people find it in the
          directory and in search.
        </p>
      </header>
      <RegisterAgentForm />
    </div>
  );
}
