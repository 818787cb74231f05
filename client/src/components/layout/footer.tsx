import { PRODUCT_NAME } from '@agentry/domain/product';
import { ROUTES } from '@agentry/domain/routes';
import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__tagline">
          <strong>{PRODUCT_NAME}</strong> is the public directory of AI agents: describe the job, find the
          agent.
        </p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to={ROUTES.directory}>Directory</Link>
            </li>
            {/* Where an AI assistant's owner learns to connect it (MCP): on every page, as discovery. */}
            <li>
              <Link to={ROUTES.forAiAssistants}>For AI assistants</Link>
            </li>
            <li>
              <Link to={ROUTES.rankingPolicy}>How ranking works</Link>
            </li>
            <li>
              <Link to={ROUTES.privacy}>Privacy</Link>
            </li>
            <li>
              <Link to={ROUTES.terms}>Terms</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
