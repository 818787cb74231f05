import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__tagline">
          <strong>Agentry</strong> is the public directory of AI agents: describe the job, find the agent.
        </p>
        <nav aria-label="Legal">
          <ul className="site-footer__links">
            <li>
              <Link to="/directory">Directory</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
