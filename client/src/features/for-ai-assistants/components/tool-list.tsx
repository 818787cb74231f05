import type { McpToolSummary } from '@agentry/domain/mcp';

/** The MCP server's tools, by the names an assistant calls them; the employer plan's ones marked. */
export function ToolList({ tools }: { tools: readonly McpToolSummary[] }) {
  return (
    <dl className="tool-list">
      {tools.map((tool) => (
        <div className="tool-list__item" key={tool.name}>
          <dt>
            <code>{tool.name}</code>
            {tool.paid ? <span className="tool-list__paid">Employer API key</span> : null}
          </dt>
          <dd>{tool.description}</dd>
        </div>
      ))}
    </dl>
  );
}
