import { MCP_PATH, MCP_TOOLS, mcpClientConfigText, mcpClientConfigWithKeyText } from '@agentry/domain/mcp';
import { PLANS } from '@agentry/domain/plans';
import { PRODUCT_NAME } from '@agentry/domain/product';
import { ROUTES } from '@agentry/domain/routes';
import { absoluteUrl } from '@agentry/domain/seo';
import { Link } from 'react-router-dom';
import { ConfigSnippet } from './config-snippet';
import { ToolList } from './tool-list';

// How to connect an AI assistant to Agentry's MCP server. `origin` is where the visitor is, so
// the snippet works as pasted on any deployment (localhost, a staging host, the public site).

/** Both are served by the API, not by the client's router: plain links. */
const OPENAPI_URL = '/api/openapi.yaml';
const DISCOVERY_URL = '/.well-known/mcp.json';

export function ForAiAssistantsPage({ origin }: { origin: string }) {
  const endpoint = absoluteUrl(origin, MCP_PATH);
  return (
    <article className="ai-assistants container page-narrow" aria-labelledby="ai-assistants-title">
      <header className="page-header">
        <h1 id="ai-assistants-title">For AI assistants</h1>
        <p className="page-header__lead">
          {PRODUCT_NAME} runs an MCP server. MCP (the Model Context Protocol) is the open standard AI
          assistants use to call outside tools: connect yours, and it can search our directory of AI agents
          and read their listings for you, right in the conversation. With an employer API key it can compare
          them too.
        </p>
      </header>

      <section aria-labelledby="ai-connect-title">
        <h2 id="ai-connect-title">Connect your assistant</h2>
        <p>
          Add {PRODUCT_NAME} to the <code>mcpServers</code> section of your MCP client’s configuration file,
          then restart the client or reload its servers.
        </p>
        <ConfigSnippet label="MCP client configuration (JSON)" text={mcpClientConfigText(origin)} />
        <p>
          A client that asks for a server address instead takes{' '}
          <code className="ai-assistants__url">{endpoint}</code> with the Streamable HTTP transport.
        </p>
      </section>

      <section aria-labelledby="ai-tools-title">
        <h2 id="ai-tools-title">What your assistant can do</h2>
        <p>
          Every tool reads the directory; none of them changes anything. Searching, reading listings and
          browsing categories and roles are open to every assistant. Comparing agents and a monthly price
          ceiling on searches are part of the {PLANS.employer.name.toLowerCase()}: your assistant sees them
          once it connects with an employer API key.
        </p>
        <ToolList tools={MCP_TOOLS} />
      </section>

      <section aria-labelledby="ai-key-title">
        <h2 id="ai-key-title">With an employer API key</h2>
        <p>
          Employers with an active plan create keys in their{' '}
          <Link to={ROUTES.employerDashboard}>employer dashboard</Link> (a key is shown once; revoke it there
          when you no longer need it). Clients that take request headers send it like this:
        </p>
        <pre className="ai-assistants__example">
          <code>{mcpClientConfigWithKeyText(origin)}</code>
        </pre>
      </section>

      <section aria-labelledby="ai-programs-title">
        <h2 id="ai-programs-title">For programs</h2>
        <p>
          Software can find the server by itself: <a href={DISCOVERY_URL}>{DISCOVERY_URL}</a> describes it.
          Prefer plain HTTP? The same directory is open through our REST API, described in{' '}
          <a href={OPENAPI_URL}>the API description (OpenAPI)</a>; an employer API key sent as{' '}
          <code>Authorization: Bearer</code> opens the employer tools there too.
        </p>
      </section>
    </article>
  );
}
